import { describe, expect, it } from "vitest";
import { planOffline } from "../../functions/agent/offline";
import { readModel } from "../../functions/agent/offline/model";
import { renderAll } from "../../functions/agent/offline/templates";
import { checkTree as checkFixtureTree, FIRST_TURN_IMPORT, type Files } from "./offline-fixtures";

/** The first turn's answer and the files it writes. */
function build(description: string): { text: string; files: Files } {
  const text = planOffline({ message: description, files: {}, appName: "" });
  const files: Files = {};
  for (const m of text.matchAll(/<kiln-write path="([^"]+)">\n([\s\S]*?)\n<\/kiln-write>/g)) files[m[1]] = m[2];
  return { text, files };
}

/** Runs a page's own `tally` (and `averageOf`) on rows, as its `const <name> = tally(...)` line does. */
function runTally(page: string, name: string, rows: Record<string, unknown>[]): Record<string, { count: number; sum: number; rated: number }> & { average: (id: string) => string } {
  const helper = /^function tally\(rows, key, rating\) \{\n[\s\S]*?\n\}$/m.exec(page)![0];
  const average = /^const averageOf = .*$/m.exec(page)?.[0] ?? "const averageOf = null;";
  const call = new RegExp(`const ${name} = tally\\((\\w+), ("\\w+"), ("\\w+"|null)\\);`).exec(page)!;
  const out = new Function(call[1], `${helper}\n${average}\nconst counted = tally(${call[1]}, ${call[2]}, ${call[3]});\nreturn { counted, averageOf };`)(rows);
  return Object.assign(out.counted, { average: (id: string) => out.averageOf(out.counted[id]) });
}

const checkTree = (files: Files) => checkFixtureTree(files, FIRST_TURN_IMPORT);

const MOVIES = "A movie night app where friends vote on films; each film has a genre and a year.";
const RECIPES = "A healthy recipe site where members rate recipes out of 5.";

describe("offline engine: votes are tallied per record voted on", () => {
  it("each film's list row counts its votes, the friends who vote get no tally, and the pages compile", () => {
    const { files } = build(MOVIES);
    checkTree(files);
    const list = files["pages/Films"];
    expect(list).toContain('import { Vote } from "@/entities/Vote";');
    expect(list).toContain('Promise.all([Film.list("-created_date"), Vote.list()])');
    expect(list).toContain('const voteTally = tally(votes, "film_id", null);');
    expect(list).toContain("<TableHead>Votes</TableHead>");
    expect(list).toContain("<TableCell>{voteTally[film.id]?.count ?? 0}</TableCell>");
    expect(list).not.toContain("averageOf");
    const counted = runTally(list, "voteTally", [{ film_id: "a" }, { film_id: "b" }, { film_id: "a" }, { film_id: "a", friend_id: "f" }]);
    expect([counted.a.count, counted.b.count, counted.c]).toEqual([3, 1, undefined]);
    expect(files["pages/Friends"]).not.toContain("tally");
  });

  it("a film's page shows how many votes it has, and the dashboard charts votes by film", () => {
    const { files } = build(MOVIES);
    expect(files["pages/FilmDetail"]).toContain('Vote.filter({ film_id: id })');
    expect(files["pages/FilmDetail"]).toContain('<DetailRow label="Votes">{relatedVotes.length}</DetailRow>');
    expect(files["pages/Dashboard"]).toContain('{"entity":"Vote","by":"film_id","sum":null,"title":"Votes by film"}');
  });

  it("ratings are counted and averaged per recipe, on its list row and its page", () => {
    const { files } = build(RECIPES);
    checkTree(files);
    const list = files["pages/Recipes"];
    expect(list).toContain('const ratingTally = tally(ratings, "recipe_id", "rating");');
    expect(list).toContain("<TableHead>Average rating</TableHead>");
    expect(list).toContain("<TableCell>{averageOf(ratingTally[recipe.id])}</TableCell>");
    const counted = runTally(list, "ratingTally", [{ recipe_id: "r", rating: 4 }, { recipe_id: "r", rating: 5 }, { recipe_id: "r" }, { recipe_id: "s", rating: 2 }]);
    expect([counted.r.count, counted.average("r"), counted.average("s"), counted.average("none")]).toEqual([3, "4.5", "2.0", "—"]);
    expect(files["pages/RecipeDetail"]).toContain('<DetailRow label="Average rating">{averageOf(tally(relatedRatings, "recipe_id", "rating")[recipe.id])}</DetailRow>');
    expect(files["pages/Members"]).not.toContain("tally");
  });

  it("the answer says what is tallied and no longer lists voting as not built", () => {
    const { text } = build(MOVIES);
    expect(text).toContain("Tallies: votes counted per film on its list and detail pages and the dashboard.");
    expect(text).not.toContain("What I did not build");
    expect(build(RECIPES).text).toContain("Tallies: ratings counted and averaged per recipe on its list and detail pages and the dashboard.");
  });

  it("voting with nothing voted on is still not built", () => {
    const { text, files } = build("A club noticeboard with notices; members can vote.");
    expect(Object.keys(files).filter((p) => p.startsWith("entities/"))).toEqual(["entities/Notice", "entities/Member"]);
    expect(text).toContain("- Voting is not built: nothing in the app counts votes for a record.");
    expect(text).not.toContain("Tallies");
  });

  it("the tallies come from the entities alone: an app read back renders the same pages", () => {
    for (const description of [MOVIES, RECIPES]) {
      const { files } = build(description);
      const again = renderAll(readModel(files, "App").model);
      for (const path of Object.keys(again).filter((p) => p.startsWith("pages/"))) expect(again[path], path).toBe(files[path]);
    }
  });
});
