/**
 * Follow-ups that add a view of records: a kanban board by a status or stage field,
 * a month calendar by a date, or a dashboard chart of X by Y (a count by a choice,
 * link or yes/no field, or a number summed by month). views.ts changes the model.
 */
import { cloneModel } from "./changes";
import { calendarDate } from "./entities";
import { type AppModel, type EntityDef, fields } from "./model";
import { listing, lowerWords, pluralize, singularize } from "./naming";
import type { OpResult } from "./ops";
import { cleanPhrase, parseFieldPhrases, resolveEntity, resolveField } from "./resolve";
import { CONFIGURE } from "./texts";
import { addBoard, addCalendar, addChart, boardField, calendarField } from "./views";
import { pattern } from "./pattern";
import { centralEntity, entityIn, entityOnPage, mentionedEntities } from "./followup/target";
import { Tagger } from "./language/tagger";

const many = (def: EntityDef) => lowerWords(pluralize(def.name));
const entityList = (model: AppModel) => listing(model.entities.map((e) => e.name)) || "none";

/** "add a board for deals", "show tasks as a kanban", "add a calendar view of events by start date". */
export function viewRequest(message: string, model: AppModel, currentPage?: string | null): OpResult | null {
  const m = message.replace(/\bcalender\b/gi, "calendar").replace(/\s+(?:pls|plz|please)$/i, "");
  const r =
    pattern(
      "i",
      /^(?:add|create|make|build|give me|i want|show)\s+/,
      /(?:an?\s+|the\s+)?(?:new\s+)?(kanban(?:\s+board)?|board|pipeline|calendar)/,
      /(?:\s+(?:view|page|screen))?\s+(?:for|of|to|with|on)\s+/,
      /(?:the\s+|my\s+|all\s+)?(.+?)(?:\s+(?:by|on|using|grouped by|per)\s+(?:the\s+|their\s+|its\s+)?(.+))?$/,
    ).exec(m) ??
    pattern(
      "i",
      /^(?:add|create|make|build|give)\s+(?:the\s+|my\s+)?/,
      /(.+?)\s+(?:an?\s+)?(kanban(?:\s+board)?|board|pipeline|calendar)/,
      /(?:\s+(?:view|page))?(?:\s+(?:by|on|using)\s+(?:the\s+|their\s+|its\s+)?(.+))?$/,
    ).exec(m) ??
    pattern(
      "i",
      /^(?:(?:i want|i'd like|i would like|we want|let me|can i|i need)\s+(?:to\s+)?)?/,
      /(?:show|display|view|put|see|have)\s+(?:me\s+|us\s+)?(?:the\s+|my\s+|all\s+|our\s+)?/,
      /(.+?)\s+(?:as|on|in)\s+(?:an?\s+|the\s+)?(kanban(?:\s+board)?|board|pipeline|calendar)/,
      /(?:\s+(?:by|on|using)\s+(?:the\s+|their\s+|its\s+)?(.+))?$/,
    ).exec(m) ??
    // "calendar view of talks", "board of orders by status": the view named first, no verb
    pattern(
      "i",
      /^(?:an?\s+|the\s+)?(?:new\s+)?(kanban(?:\s+board)?|board|pipeline|calendar)(?:\s+(?:view|page|screen))?\s+(?:for|of|with)\s+/,
      /(?:the\s+|my\s+|all\s+)?(.+?)(?:\s+(?:by|on|using|grouped by|per)\s+(?:the\s+|their\s+|its\s+)?(.+))?$/,
    ).exec(m) ??
    // "show deals grouped by stage": a board by that field
    pattern(
      "i",
      /^(?:(?:i want|i'd like|we want)\s+(?:to\s+)?)?/,
      /(?:show|display|see|view|group)\s+(?:the\s+|my\s+|all\s+|our\s+)?/,
      /(.+?)\s+()(?:grouped|organised|organized|in columns)\s+by\s+(?:the\s+|their\s+|its\s+)?(.+)$/,
    ).exec(m);
  if (!r) return viewOfImplied(m, model, currentPage) ?? viewNamedFirst(m, model) ?? viewMentioned(m, model, currentPage);
  const first = /kanban|board|pipeline|calendar/i.test(r[1]);
  const kind = (first ? r[1] : r[2]).toLowerCase().includes("calendar") ? "calendar" : "board";
  const phrase = (first ? r[2] : r[1]).replace(/\s+(?:records?|entries)$/i, "");
  const byPhrase = r[3] ?? null;
  // "add a calendar view": no records named
  if (/^(?:an?|the|new|view|page|screen)?$/i.test(cleanPhrase(phrase))) return viewOfImplied(`add a ${kind}`, model, currentPage);
  const def = entityIn(model, phrase);
  if (!def) {
    // "calendar of moves" when the app calls them jobs and has their calendar: point to it
    const having = model.entities.filter((e) => e.views[kind]);
    if (having.length === 1)
      return { reply: `There is no entity called "${cleanPhrase(phrase)}"; the app's ${kind} is pages/${having[0].views[kind]}, of ${many(having[0])}, so nothing needed to change.` };
    return { reply: `I couldn't find an entity called "${cleanPhrase(phrase)}" for the ${kind}. The entities are: ${entityList(model)}.` };
  }
  return addView(model, def, kind, byPhrase);
}

/** "repairs board by status", "bookings calendar", "a jobs kanban please": the records, then the view, no verb. */
const NAMED_FIRST = /^(?:(?:add|create|make|build|give me|i want|i'd like|i need)\s+)?(?:an?\s+|the\s+|my\s+)?([a-z][a-z\s-]*?)\s+(kanban(?:\s+board)?|board|pipeline|calendar)(?:\s+(?:view|page|screen))?(?:\s+(?:by|on|using|grouped by)\s+(?:the\s+|their\s+|its\s+)?([a-z][\w\s]*?))?$/i;

/** A view named after its records, when they are the app's ("board members" or "notice board" name none). */
function viewNamedFirst(m: string, model: AppModel): OpResult | null {
  const r = NAMED_FIRST.exec(m);
  const def = r ? resolveEntity(model, r[1]) : undefined;
  return r && def ? addView(model, def, /calendar/i.test(r[2]) ? "calendar" : "board", r[3] ?? null) : null;
}

/** "on a calendar", "as a kanban", "a board": the view word where it names a view ("board members", "notice board" do not). */
const VIEW_WORD =
  /\b(?:on|in|as|into|onto|to|a|an|the|its|their|our|my)\s+(?:an?\s+|the\s+)?(?:month(?:ly)?\s+|week(?:ly)?\s+|kanban\s+|proper\s+|little\s+)?(calendar|board|kanban|pipeline)(?:\s+(?:view|page|screen))?\b(?!\s+(?:members?|games?|meetings?|room|of\s+(?:directors|trustees|governors)|papers?|certified))/i;
const BY = /\s+(?:by|grouped by|sorted into|in columns by)\s+(?:the\s+|their\s+|its\s+)?([a-z][\w\s]*?)(?:\s+(?:too|please|pls|as well|if possible))?$/i;

/**
 * A view asked for in any wording: "the visits on a calendar would be great", "could orders go on a
 * board too", "I'd love the shifts in a calendar": the view word and the records the sentence names.
 */
function viewMentioned(m: string, model: AppModel, currentPage?: string | null): OpResult | null {
  const view = VIEW_WORD.exec(m);
  if (!view || /\b(?:fields?|columns?|chart|graph|filter|rename|remove|delete|hide)\b/i.test(m)) return null;
  const kind = /calendar/i.test(view[1]) ? "calendar" : "board";
  const by = BY.exec(m.slice(view.index));
  const before = m.slice(0, view.index);
  const named = mentionedEntities(`${before} ${by ? "" : m.slice(view.index + view[0].length)}`, model).filter((e) => !new RegExp(`^(?:${view[1]}|kanban)$`, "i").test(e.name));
  if (named.length) return addView(model, named[0], kind, by ? by[1] : null);
  // "could problems go on a board": records the app does not have
  const unknown = Tagger.words(before).find((w) => w.pos === "NOUN" && singularize(w.lower) !== w.lower && !/^(?:things|records|entries|items|ones|details)$/.test(w.lower));
  if (unknown) return { reply: `I couldn't find an entity called "${unknown.lower}" for the ${kind}. The entities are: ${entityList(model)}.` };
  return viewOfImplied(`add a ${kind}`, model, currentPage);
}

/** "add a calendar view", "add a board": the view of the records on the page open, else of the app's main records that can have one. */
function viewOfImplied(m: string, model: AppModel, currentPage?: string | null): OpResult | null {
  const r = /^(?:(?:add|create|make|build|give me|i want|i'd like|show)\s+)?(?:an?\s+|the\s+)?(?:new\s+)?(kanban(?:\s+board)?|board|pipeline|calendar)(?:\s+(?:view|page|screen))?$/i.exec(m);
  if (!r) return null;
  const kind = /calendar/i.test(r[1]) ? "calendar" : "board";
  const fits = (e: EntityDef) => e.pages.list && (kind === "board" ? boardField(model, e) : calendarField(model, e));
  const onPage = entityOnPage(model, currentPage);
  const central = centralEntity({ ...model, entities: model.entities.filter(fits) });
  const def = onPage && fits(onPage) ? onPage : central;
  if (!def)
    return {
      reply: `I can't add a ${kind}: no entity has ${kind === "board" ? "a status or other choice field to make columns from" : "a date field to place records by"}. Add one first, e.g. "${kind === "board" ? "add a status field to … with options to do, doing, done" : "add a date field to …"}".`,
    };
  return addView(model, def, kind, null);
}

function addView(model: AppModel, def: EntityDef, kind: "board" | "calendar", byPhrase: string | null): OpResult {
  const existing = def.views[kind];
  if (existing) return { reply: `${def.name} already has a ${kind}: pages/${existing}.` };
  const field = kind === "board" ? boardField(model, def) : calendarField(model, def);
  if (byPhrase && field) {
    const wanted = resolveField(model, def, byPhrase);
    if (!wanted) return { reply: `${def.name} has no field "${cleanPhrase(byPhrase)}". Its fields are: ${Object.keys(def.schema.properties).join(", ")}.` };
    if (wanted.name !== field.name) {
      return {
        reply:
          `A ${kind} made by the offline engine ${kind === "board" ? "makes its columns from" : "places records by"} ` +
          `\`${field.name}\`, ${def.name}'s main ${kind === "board" ? "status" : "date"} field, so I can't ${kind === "board" ? "group it by" : "place it by"} ` +
          `\`${wanted.name}\`. Ask for the ${kind} without "by …" to have it by \`${field.name}\`, or ${CONFIGURE}.`,
      };
    }
  }
  const after = cloneModel(model);
  // "put the visits on a calendar" says visits have a day: the date field comes with the calendar
  const dated = kind === "calendar" && !field && !("date" in def.schema.properties) ? parseFieldPhrases("date", def.name)[0] : undefined;
  if (dated) after.entities.find((e) => e.name === def.name)!.schema.properties.date = dated.prop;
  const added = kind === "board" ? addBoard(after, def.name) : addCalendar(after, def.name);
  if (!added.ok)
    return {
      reply:
        `I can't add a ${kind} for ${many(def)}: ${added.reason}. Add one first, e.g. ` +
        `"${kind === "board" ? `add a status field to ${many(def)} with options to do, doing, done` : `add a date field to ${many(def)}`}".`,
    };
  return {
    after,
    plan: `Add pages/${added.page}: a ${kind === "board" ? `kanban board of ${many(def)} by \`${field!.name}\`` : `month calendar of ${many(def)} by \`${field?.name ?? "date"}\``}${dated ? `, and a \`date\` field on ${def.name}` : ""}, with a navigation link.`,
    done:
      kind === "board"
        ? `Added pages/${added.page}: a kanban board of ${many(def)} with a column for each \`${field!.name}\` (${listing(field!.options)}); ` +
          `moving a card to another column saves its new ${field!.label.toLowerCase()}. It is linked from the navigation.`
        : `Added pages/${added.page}: a month calendar of ${many(def)} placed by \`${field?.name ?? "date"}\`, with the previous and next months a click away. It is linked from the navigation.` +
          (dated ? ` ${def.name} had no date field, so I added \`date\`; fill it in on the form to place each record.` : ""),
  };
}

/** "add a chart of deals by stage", "add a chart of deal value by month", "chart the total value of deals by customer". */
export function chartRequest(m: string, model: AppModel): OpResult | null {
  const r =
    pattern(
      "i",
      /^(?:add|create|make|build|show|give me|i want|draw)?\s*/,
      /(?:an?\s+|the\s+)?(?:new\s+)?(?:dashboard\s+|bar\s+|pie\s+)?(?:chart|graph|plot)\s+(?:of|for|showing|with)\s+/,
      /(.+?)\s+(?:by|per|grouped by|over)\s+(?:the\s+|their\s+|its\s+)?/,
      /(.+?)(?:\s+(?:to|on)\s+(?:the\s+)?(?:dashboard|home(?: page)?|overview))?$/,
    ).exec(m) ?? /^chart\s+(.+?)\s+(?:by|per|over)\s+(?:the\s+|their\s+)?(.+)$/i.exec(m);
  if (!r) return null;
  const what = cleanPhrase(r[1].replace(/^(?:the\s+)?(?:number|count)\s+of\s+/i, ""));
  const byPhrase = cleanPhrase(r[2]);
  // "value of deals", "total value of deals", "sum of deal value", "deal value", or just "deals"
  let def: EntityDef | undefined;
  let sumPhrase: string | null = null;
  const of = /^(?:(?:the\s+)?(?:total|sum|sums)\s+(?:of\s+)?)?(.+?)\s+(?:of|for|on)\s+(?:the\s+|all\s+)?(.+)$/i.exec(what);
  if (of && resolveEntity(model, of[2])) {
    def = resolveEntity(model, of[2]);
    sumPhrase = of[1];
  } else {
    const plain = what.replace(/^(?:the\s+)?(?:total|sum)\s+(?:of\s+)?/i, "");
    def = resolveEntity(model, plain);
    if (!def) {
      const w = plain.split(/\s+/);
      for (let k = w.length - 1; k >= 1 && !def; k--) {
        const candidate = resolveEntity(model, w.slice(0, k).join(" "));
        if (candidate && resolveField(model, candidate, w.slice(k).join(" "))) {
          def = candidate;
          sumPhrase = w.slice(k).join(" ");
        }
      }
    }
  }
  if (!def)
    return {
      reply:
        `I couldn't tell which records "${what}" means for the chart. The entities are: ${entityList(model)}; ` +
        `ask e.g. "add a chart of ${model.entities[0] ? many(model.entities[0]) : "tasks"} by status".`,
    };
  if (!model.dashboardPage)
    return {
      reply: `Charts go on the dashboard, and this app has none any more, so I can't add one. Restore an earlier version from the history to get the dashboard back, or ${CONFIGURE}.`,
    };
  const all = fields(model, def);
  const sum = sumPhrase ? resolveField(model, def, sumPhrase) : null;
  if (sumPhrase && !sum)
    return { reply: `${def.name} has no field "${sumPhrase}" to add up. Its number fields are: ${listing(all.filter((f) => f.kind === "number").map((f) => f.name)) || "none"}.` };
  const by = /^(?:months?|monthly|time|date)$/i.test(byPhrase) ? calendarDate(all) : resolveField(model, def, byPhrase);
  if (!by)
    return {
      reply:
        `${def.name} has no ${/^months?|monthly|time|date$/i.test(byPhrase) ? "date field to group by month" : `field "${byPhrase}"`} ` +
        `for the chart. Its fields are: ${Object.keys(def.schema.properties).join(", ")}.`,
    };
  const after = cloneModel(model);
  const before = after.charts.length;
  const added = addChart(after, def.name, by.name, sum ? sum.name : null);
  if (!added.ok) return { reply: `I can't chart that: ${added.reason}. A chart counts records (or adds up a number field) by a choice, date, link or yes/no field.` };
  if (after.charts.length === before) return { reply: `The dashboard already has the chart "${added.chart.title}", so nothing changed.` };
  return {
    after,
    plan: `Add a chart "${added.chart.title}" to pages/${model.dashboardPage}.`,
    done:
      `Added the bar chart "${added.chart.title}" to pages/${model.dashboardPage}: ${sum ? `the sum of \`${sum.name}\`` : `the number of ${many(def)}`} ` +
      `for each ${by.kind === "date" ? `month of \`${by.name}\`` : `\`${by.name}\` value`}, from the records as ` +
      `they are when the page opens.`,
  };
}
