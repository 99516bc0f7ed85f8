import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Case, heldOutSet, notesSet, proseSet, sloppySet } from "../../scripts/score-offline/cases";
import { apiCall, launch, newContext, ownerWithBuiltApp, untilBuilt } from "./browser";
import { type App, type StateResult, asTheApiGroupsThem, checkEveryPage, filesAfterEachTurn, openEditorPreview, previewOf, problemsOf, watchPreviewErrors } from "./offline-preview";

/**
 * Issue 25's sets in the real preview: each case's app as the offline engine builds it on its first turn,
 * and again after all its follow-ups (filters, views, renames, rules), every page shown without an error
 * and a record saved through each entity's form. One case of each set in the suite (but notes), every case of
 * all four with KILN_OFFLINE_E2E_ALL=1 (about 45 minutes). Held-out cases are named by number only: their
 * descriptions are read by the scorer and this test, never shown.
 */

const all = process.env.KILN_OFFLINE_E2E_ALL === "1";
// ~13 s a case (two states, each opened in the editor): the sample stays under a minute of the suite (the notes set only with KILN_OFFLINE_E2E_ALL)
const SAMPLED: Record<string, number> = { heldout: 1, sloppy: 1, prose: 1, notes: 0 };

/** `count` cases spread evenly over the set (the first, then every n/count-th), or every case. */
function spread<T>(cases: T[], count: number): T[] {
  if (all || count >= cases.length) return cases;
  return Array.from({ length: count }, (_, i) => cases[Math.floor((i * cases.length) / count)]);
}

const sets = [heldOutSet(), sloppySet(), proseSet(), notesSet()].filter((set) => all || SAMPLED[set.name] > 0);
const tally = new Map<string, { apps: number; appsOk: number; pages: number; pagesOk: number; forms: number; formsOk: number; ms: number }>();

function count(set: string, state: StateResult, ms: number) {
  const t = tally.get(set) ?? { apps: 0, appsOk: 0, pages: 0, pagesOk: 0, forms: 0, formsOk: 0, ms: 0 };
  t.apps += 1;
  t.appsOk += problemsOf(state).length ? 0 : 1;
  t.pages += state.pages.length;
  t.pagesOk += state.pages.filter((p) => !p.problem).length;
  t.forms += state.forms.length;
  t.formsOk += state.forms.filter((p) => !p.problem).length;
  t.ms += ms;
  tally.set(set, t);
}

/** One turn of the app's chat through the API, waited for as the editor waits for it. */
async function sendFollowUp(app: App, message: string) {
  const sent = await apiCall("POST", `/api/apps/${app.id}/chat/message`, { token: app.token, body: { content: message } });
  if (sent.status !== 201) throw new Error(`sending a follow-up: ${sent.status} ${JSON.stringify(sent.body)}`);
  return untilBuilt(app.token, app.id);
}

/** The app as the server holds it, in the shape asTheApiGroupsThem gives files built here. */
async function serverFiles(app: App) {
  const { pages, components, functions, entities, layout } = (await apiCall("GET", `/api/apps/${app.id}`, { token: app.token })).body;
  return { pages, components, functions, entities, layout };
}

let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  for (const [set, t] of tally) {
    console.log(`offline ${set}: apps ${t.appsOk}/${t.apps}, pages ${t.pagesOk}/${t.pages}, forms ${t.formsOk}/${t.forms}, ${(t.ms / 1000).toFixed(1)} s`);
  }
});

describe.each(sets.map((s) => [s.name, s] as const))("the %s set's apps, in the real preview", (name, set) => {
  const cases = spread(set.cases, SAMPLED[name]);
  const title = (c: Case) => (name === "heldout" ? `case ${set.cases.indexOf(c) + 1}` : c.id);

  it.each(cases.map((c) => [title(c), c] as const))(
    "%s: after its first turn and after its follow-ups, every page renders without an error and a record saves through each form",
    async (_, c) => {
      const started = performance.now();
      const [first, ...afterEach] = filesAfterEachTurn(
        c.description,
        c.follow_ups.map((f) => f.message),
      );
      const states = afterEach.length ? [first, afterEach[afterEach.length - 1]] : [first];
      const owner = await ownerWithBuiltApp("offline-sets", null, c.description);
      const app: App = { id: owner.appId, token: owner.token };
      // the server ran the same engine: the app it holds is the one built here
      expect(await serverFiles(app)).toEqual(asTheApiGroupsThem(first));

      const context = await newContext(browser, { width: 1400, height: 900 });
      // past the first load, a page that takes this long is broken: fail it and go on to the next
      context.setDefaultTimeout(20_000);
      const problems: string[] = [];
      try {
        const page: Page = await context.newPage();
        const errors = watchPreviewErrors(page);
        for (const [i, files] of states.entries()) {
          const tag = i ? "after" : "first";
          if (i) {
            for (const f of c.follow_ups) await sendFollowUp(app, f.message);
            expect(await serverFiles(app)).toEqual(asTheApiGroupsThem(files));
          }
          const stateStarted = performance.now();
          const firstPage = Object.keys(files).find((p) => p.startsWith("pages/"))!.slice(6);
          await openEditorPreview(page, app.id, app.token, firstPage);
          await previewLoaded(page);
          const state = await checkEveryPage(page, app, files, tag, errors);
          count(name, state, performance.now() - stateStarted);
          problems.push(...problemsOf(state).map((p) => `${tag}: ${p}`));
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
      console.log(`${name} ${title(c)}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
    all ? 600_000 : 240_000,
  );
});

/** The preview frame has loaded the app (a first compile on a busy machine may take a while). */
async function previewLoaded(page: Page) {
  await previewOf(page).locator("h1").first().waitFor({ timeout: 60_000 });
}
