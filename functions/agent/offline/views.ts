/**
 * Boards, calendars and charts on an offline-built app's model: which entity can have
 * which, and adding them. Used by the first turn and by follow-ups ("add a board view",
 * "add a chart of deals by stage"); the templates render what the model holds.
 */
import { calendarDate, type Field, moneyField, statusField } from "./entities";
import { type AppModel, type ChartSpec, type EntityDef, fields, findEntity, viewPage } from "./model";
import { lowerWords, pluralize, sentence } from "./naming";
import { talliesOf } from "./tally";

export type ViewResult = { ok: true; page: string } | { ok: false; reason: string };
export type ChartResult = { ok: true; chart: ChartSpec } | { ok: false; reason: string };

/** The field a board's columns come from (status or stage first), or null. */
export const boardField = (model: AppModel, def: EntityDef): Field | null => statusField(fields(model, def));

/** The date a calendar places records by, or null. */
export const calendarField = (model: AppModel, def: EntityDef): Field | null => calendarDate(fields(model, def));

function addView(model: AppModel, entity: string, view: "board" | "calendar"): ViewResult {
  const def = findEntity(model, entity);
  if (!def) return { ok: false, reason: `there is no ${entity} entity` };
  const field = view === "board" ? boardField(model, def) : calendarField(model, def);
  if (!field)
    return {
      ok: false,
      reason: `${lowerWords(pluralize(entity))} have no ${view === "board" ? "status or other choice field to make columns from" : "date field to place them by"}`,
    };
  const page = def.views[view] ?? viewPage(def.name, view);
  def.views[view] = page;
  return { ok: true, page };
}

/** Gives an entity a kanban board by its status (mutates the model). */
export const addBoard = (model: AppModel, entity: string): ViewResult => addView(model, entity, "board");

/** Gives an entity a month calendar by its main date (mutates the model). */
export const addCalendar = (model: AppModel, entity: string): ViewResult => addView(model, entity, "calendar");

const CHARTABLE: Field["kind"][] = ["enum", "date", "relation", "boolean"];

/**
 * Adds a dashboard chart of `entity` records by field `by` (a choice, date, link or yes/no field),
 * counted, or summing the number field `sum` (mutates the model; an existing identical chart is kept).
 */
export function addChart(model: AppModel, entity: string, by: string, sum: string | null = null): ChartResult {
  const def = findEntity(model, entity);
  if (!def) return { ok: false, reason: `there is no ${entity} entity` };
  const all = fields(model, def);
  const group = all.find((f) => f.name === by);
  if (!group || !CHARTABLE.includes(group.kind)) return { ok: false, reason: `${by} is not a choice, date, link or yes/no field of ${entity}` };
  const total = sum === null ? null : all.find((f) => f.name === sum);
  if (total === undefined || (total && total.kind !== "number" && total.kind !== "rating")) return { ok: false, reason: `${sum} is not a number field of ${entity}` };
  const existing = model.charts.find((c) => c.entity === entity && c.by === by && c.sum === sum);
  if (existing) return { ok: true, chart: existing };
  const many = lowerWords(pluralize(entity));
  const what = total ? `${sentence(total.name)} of ${many}` : sentence(many);
  const chart: ChartSpec = { entity, by, sum, title: `${what} by ${group.kind === "date" ? "month" : group.label.toLowerCase()}` };
  model.charts.push(chart);
  return { ok: true, chart };
}

/** The charts a new app's dashboard starts with: votes counted per record voted on, counts by status, and money summed by month. */
export function defaultCharts(model: AppModel): void {
  for (const def of model.entities) for (const t of talliesOf(model, def)) if (model.charts.length < 4) addChart(model, t.votes.name, t.key.name, null);
  for (const def of model.entities) {
    if (model.charts.length >= 4) return;
    const all = fields(model, def);
    const status = statusField(all);
    const money = moneyField(all);
    const date = calendarDate(all);
    if (status) addChart(model, def.name, status.name, null);
    if (money && date && model.charts.length < 4) addChart(model, def.name, date.name, money.name);
  }
}
