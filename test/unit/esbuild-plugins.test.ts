import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod/v4";
import plugins from "../../stacks/esbuild-plugins.mjs";
import { englishMessages } from "./zod-english-fixture";

/**
 * The esbuild plugins SST bundles every Lambda with (sst.config.ts): zod's locales index reduced to English
 * keeps zod's messages exactly as they are unbundled, in its ESM and CommonJS builds alike.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT = mkdtempSync(path.join(tmpdir(), "kiln-esbuild-plugins-"));
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

interface Result {
  messages: ReturnType<typeof englishMessages>;
  locales: string[];
  coreLocales: string[];
}

/** Bundles `contents` (resolved from test/unit) as SST would, runs it, and returns what it exports. */
async function run(name: string, format: "esm" | "cjs", contents: string): Promise<Result> {
  const built = await esbuild.build({
    stdin: { contents, resolveDir: import.meta.dirname, sourcefile: `${name}.ts`, loader: "ts" },
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    format,
    mainFields: ["module", "main"],
    plugins,
    write: false,
    logLevel: "error",
  });
  const file = path.join(OUT, `${name}.${format === "esm" ? "mjs" : "cjs"}`);
  writeFileSync(file, built.outputFiles[0].text);
  const mod = await import(pathToFileURL(file).href);
  return (format === "esm" ? mod.default : mod.default ?? mod) as Result;
}

const unbundled = englishMessages(z);

describe("zod bundled with stacks/esbuild-plugins.mjs", () => {
  it("the ESM build: only English among the locales, and the same messages as unbundled", async () => {
    const bundled = await run(
      "esm",
      "esm",
      `import { z } from "zod/v4"; import * as core from "zod/v4/core"; import { englishMessages } from "./zod-english-fixture";
       export default { messages: englishMessages(z), locales: Object.keys(z.locales), coreLocales: Object.keys(core.locales) };`,
    );
    expect(bundled.locales).toEqual(["en"]);
    expect(bundled.coreLocales).toEqual(["en"]);
    expect(bundled.messages).toEqual(unbundled);
    expect(bundled.messages.withEn).toEqual(bundled.messages.byDefault);
    expect(bundled.messages.byDefault).toContain("name: Too small: expected string to have >=3 characters");
  });

  it("the CommonJS build (require): the same", async () => {
    const bundled = await run(
      "cjs",
      "cjs",
      `const { z } = require("zod/v4"); const core = require("zod/v4/core"); const { englishMessages } = require("./zod-english-fixture");
       module.exports = { messages: englishMessages(z), locales: Object.keys(z.locales), coreLocales: Object.keys(core.locales) };`,
    );
    expect(bundled.locales).toEqual(["en"]);
    expect(bundled.coreLocales).toEqual(["en"]);
    expect(bundled.messages).toEqual(unbundled);
  });

  it("unbundled, zod has every locale (what the plugin leaves out)", async () => {
    expect(Object.keys(z.locales).length).toBeGreaterThan(40);
  });
});
