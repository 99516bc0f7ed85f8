import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint, type Rule } from "eslint";
import { createNodeResolver } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Kiln's own lint config, on text that claims to live at `file` (nothing is written to the tree). */
const lint = new ESLint({ cwd: ROOT });
async function problems(file: string, code: string) {
  const [result] = await lint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => `${m.line}:${m.ruleId}`);
}

/** The layers of issue 22: web, functions, lib and schemas each import only what lies below them. */
describe("npm run lint: the layers", () => {
  // the first lint loads the config and reads the tree's import graph once
  beforeAll(() => problems("lib/warm-up.ts", ""), 60_000);

  it("lets web import web, lib, schemas and packages, and nothing else of ours", async () => {
    const code = [
      'import { Features } from "../../lib/tiers";',
      'import { User } from "../../schemas/user";',
      'import { realtime } from "./realtime/socket";',
      'import { useQuery } from "@tanstack/react-query";',
      'import { Config } from "../../functions/core/config";',
      'import type { Env } from "../../stacks/kiln";',
      'import config from "../../vite.config";',
      "export { Features, User, realtime, useQuery, Config, config };",
      "export type { Env };",
    ].join("\n");
    expect(await problems("web/src/layer-probe.ts", code)).toEqual(["5:boundaries/dependencies", "6:boundaries/dependencies", "7:boundaries/no-unknown-dependencies"]);
  });

  it("lets functions import functions, lib and schemas, never web or stacks", async () => {
    const code = [
      'import { Features } from "../lib/tiers";',
      'import { User } from "../schemas/user";',
      'import { Config } from "./core/config";',
      'export const later = () => import("../web/src/theme");',
      'export * from "../stacks/kiln";',
      "export { Features, User, Config };",
    ].join("\n");
    expect(await problems("functions/layer-probe.ts", code)).toEqual(["4:boundaries/dependencies", "5:boundaries/dependencies"]);
  });

  it("keeps lib and schemas to themselves", async () => {
    const code = ['import { User } from "../schemas/user";', 'import { Config } from "../functions/core/config";', 'import { theme } from "../web/src/theme";', "export { User, Config, theme };"].join(
      "\n",
    );
    expect(await problems("lib/layer-probe.ts", code)).toEqual(["2:boundaries/dependencies", "3:boundaries/dependencies"]);
    expect(await problems("schemas/layer-probe.ts", code.replace("../schemas/user", "./user"))).toEqual(["2:boundaries/dependencies", "3:boundaries/dependencies"]);
  });

  it("lets tests import any layer", async () => {
    const code = ['import { Config } from "../../functions/core/config";', 'import { theme } from "../../web/src/theme";', "export { Config, theme };"].join("\n");
    expect(await problems("test/unit/layer-probe.ts", code)).toEqual([]);
  });
});

describe("npm run lint: disable comments", () => {
  it("refuses a disable that does not say why, and one that disables nothing", async () => {
    const code = ["// eslint-disable-next-line prefer-const", "let a = 1;", "// eslint-disable-next-line prefer-const -- kept for the test", "const b = a;", "export { b };"].join("\n");
    expect(await problems("lib/disable-probe.ts", code)).toEqual(["1:@eslint-community/eslint-comments/require-description", "3:null"]);
  });
});

/** The circle rule (eslint.import-cycles.js) on a scratch tree of its own. */
describe("npm run lint: import circles", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kiln-cycles-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
  };

  it("reports every import of a circle, type imports and import types included, with the way round", async () => {
    write({
      "lib/a.ts": 'import type { B } from "./b";\nexport type A = { b: B };\n',
      "lib/b.ts": 'import type { C } from "./c.ts";\nexport type B = { c?: C };\n',
      "lib/c.ts": 'export type C = { a?: typeof import("./a") };\n',
      "lib/d.ts": 'import type { A } from "./a";\nexport type D = A;\n',
    });
    const url = pathToFileURL(path.join(ROOT, "eslint.import-cycles.js")).href;
    const { noImportCycle } = (await import(url)) as { noImportCycle(options: { root: string; folders: string[]; resolver: unknown }): Rule.RuleModule };
    const rule = noImportCycle({ root: dir, folders: ["lib"], resolver: createNodeResolver({ extensions: [".ts"] }) });
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser }, plugins: { kiln: { rules: { "no-import-cycle": rule } } }, rules: { "kiln/no-import-cycle": "error" } },
      ],
    });
    const results = await eslint.lintFiles(["lib"]);
    const found = results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}:${m.line} ${m.message}`)).sort();
    expect(found).toEqual([
      "lib/a.ts:1 Import circle: lib/a.ts → lib/b.ts → lib/c.ts → lib/a.ts",
      "lib/b.ts:1 Import circle: lib/b.ts → lib/c.ts → lib/a.ts → lib/b.ts",
      "lib/c.ts:1 Import circle: lib/c.ts → lib/a.ts → lib/b.ts → lib/c.ts",
    ]);
  });
});
