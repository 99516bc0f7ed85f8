/**
 * Measures the offline assistant on a set of descriptions (issue 25): the held-out set
 * (test/heldout/offline-descriptions.json, frozen, read by nothing but this scorer; the default),
 * the tuning set (the public fixtures), the sloppy set (test/fixtures/offline-sloppy.json, public,
 * typed the way people type), the prose set (test/fixtures/offline-prose.json, public, said in full
 * sentences) or the notes set (test/fixtures/offline-notes.json, public: pasted notes, dictation,
 * non-native English, user stories, spreadsheet headers). Runs the engine in-process and prints the table.
 *
 *   npx tsx scripts/score-offline.ts [--set heldout|tuning|sloppy|prose|notes] [--json]
 *
 * --json prints every case's result: for checking the scorer, never for writing engine rules.
 */
import { parseArgs } from "node:util";
import { type CaseSet, heldOutSet, notesSet, proseSet, sloppySet, tuningSet } from "./score-offline/cases";
import { runCase } from "./score-offline/run";
import { summarise, table } from "./score-offline/summary";

const { values } = parseArgs({ options: { set: { type: "string", default: "heldout" }, json: { type: "boolean", default: false } } });
const SETS: Record<CaseSet["name"], () => CaseSet> = { heldout: heldOutSet, tuning: tuningSet, sloppy: sloppySet, prose: proseSet, notes: notesSet };
if (!(values.set in SETS)) {
  console.error(`--set is ${Object.keys(SETS).join(", ")}, not ${values.set}`);
  process.exit(2);
}
const set = SETS[values.set as CaseSet["name"]]();
const results = set.cases.map(runCase);
const summary = summarise(results, set.unscored);
if (values.json) console.log(JSON.stringify({ set: set.name, figures: summary.figures, results }, null, 2));
else console.log(table(`offline engine on the ${set.name} set (${set.cases.length} descriptions)`, summary.rows));
