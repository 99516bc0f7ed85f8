/**
 * esbuild plugins for every Lambda SST bundles (sst.config.ts's `nodejs.plugins`) and for the bench that
 * measures those bundles (test/bench/bundles.ts), so both build the same code.
 *
 * SST runs this file in plain Node through a bridge that only relays onResolve/onLoad/onEnd
 * (.sst/platform/functions/nodejs-runtime/plugin.mjs): plugins here use onLoad and nothing else, and match
 * paths in their callbacks, because that bridge tests each filter against a field its messages lack
 * (`msg.path`, never set: a filter sees "undefined"), so only a filter matching anything ever fires there.
 */
import path from "node:path";

/** zod's index of its locales, in its ESM and CommonJS builds; `zod/locales`, `zod/v4/core` and `zod/v4` all reach it. */
const LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.c?js$/;

const ENGLISH_ONLY = {
  esm: `export { default as en } from "./en.js";\n`,
  // the same getter as zod's own index.cjs, for `en` alone
  cjs: `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nvar en = require("./en.cjs");\nObject.defineProperty(exports, "en", { enumerable: true, get: function () { return en && en.__esModule ? en.default : en; } });\n`,
};

/**
 * `ai` and every @ai-sdk package import zod's namespace (`z.locales`), so esbuild keeps all of its
 * ~50 locales (263 KB); Kiln only ever speaks English, zod's default, so the index exports `en` alone.
 */
export const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onLoad({ filter: /.*/ }, (args) =>
      LOCALES_INDEX.test(args.path)
        ? { contents: args.path.endsWith(".cjs") ? ENGLISH_ONLY.cjs : ENGLISH_ONLY.esm, loader: "js", resolveDir: path.dirname(args.path) }
        : undefined,
    );
  },
};

export default [zodEnglishOnly];
