// Kiln's lint: the shape of the house (layers, no import circles), hooks used correctly, and every
// disable comment saying why. Syntax-only (no type-aware rules) so `npm run lint` stays fast;
// `npm run typecheck` owns types.
import eslintComments from "@eslint-community/eslint-plugin-eslint-comments";
import boundaries from "eslint-plugin-boundaries";
import { defineConfig } from "eslint/config";
import { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { noImportCycle } from "./eslint.import-cycles.js";

const SOURCES = ["**/*.{ts,tsx,mts,mjs,js}"];
const ROOT = import.meta.dirname;
/** Product code: no import circles among these folders' files. */
const LAYERED = ["functions", "lib", "schemas", "web", "stacks"];
const PRODUCT = [`{${LAYERED.join(",")}}/**/*.{ts,tsx,mts,mjs,js}`];
/** What an import may end with, or omit: the tree imports TS files without extensions (Bundler resolution). */
const EXTENSIONS = [".ts", ".tsx", ".d.ts", ".mts", ".d.mts", ".mjs", ".js", ".jsx", ".json"];
const resolver = createNodeResolver({ extensions: EXTENSIONS });

/** The layers: each may import itself and the layers listed; packages are always allowed. */
const LAYERS = {
  web: ["web", "lib", "schemas"],
  functions: ["functions", "lib", "schemas"],
  lib: ["lib", "schemas"],
  schemas: ["lib", "schemas"],
  stacks: ["stacks", "functions", "web", "lib", "schemas"],
  test: ["test", "stacks", "functions", "web", "lib", "schemas", "scripts"],
  scripts: ["scripts", "stacks", "functions", "web", "lib", "schemas", "test"],
};

export default defineConfig(
  {
    ignores: [
      "node_modules/",
      "dist/",
      ".sst/",
      ".data/",
      ".scratch/",
      "test-results/",
      "sst-env.d.ts",
      "web/src/routeTree.gen.ts",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error", reportUnusedInlineConfigs: "error" },
  },
  {
    files: SOURCES,
    extends: [tseslint.configs.recommended],
    plugins: { "@eslint-community/eslint-comments": eslintComments },
    rules: {
      "@eslint-community/eslint-comments/require-description": "error",
      "@eslint-community/eslint-comments/no-unlimited-disable": "error",
      // Domains are namespaces (`export namespace Apps { ... }`): the house style, see STYLE.md.
      "@typescript-eslint/no-namespace": "off",
      // A leading underscore names what is dropped on purpose (`const { secret: _, ...rest } = row`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `ok ? a() : b()` and `cond && run()` are statements the tree writes on purpose.
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // SST's own convention: every infrastructure file references its generated platform types.
    files: ["sst.config.ts", "stacks/*.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  {
    // Tests poke at loose JSON answers and private shapes on purpose (~90 casts); the product code keeps the rule.
    files: ["test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The Stripe stand-in mirrors Stripe's untyped form-encoded params and JSON objects.
    files: ["stacks/local/stripe/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Plain JS is not typechecked: ESLint's no-undef checks its names against the runtime's globals.
    files: ["**/*.{js,mjs}"],
    languageOptions: { sourceType: "module" },
    rules: { "no-undef": "error" },
  },
  {
    // Deno evaluates the function runner before the function's bundle.
    files: ["functions/sandbox/runner.js"],
    languageOptions: {
      globals: { Deno: "writable", console: "readonly", Request: "readonly", Response: "readonly", TextDecoder: "readonly", atob: "readonly", btoa: "readonly" },
    },
  },
  {
    files: PRODUCT,
    plugins: { kiln: { rules: { "no-import-cycle": noImportCycle({ root: ROOT, folders: LAYERED, resolver }) } } },
    rules: { "kiln/no-import-cycle": "error" },
  },
  {
    files: SOURCES,
    plugins: { boundaries },
    settings: {
      "import/resolver": { node: { extensions: EXTENSIONS } },
      "boundaries/elements": Object.keys(LAYERS).map((type) => ({ type, pattern: type, partialMatch: false })),
    },
    rules: {
      // A layer never reaches outside the layers (the root's tool configs are entry points, not code to import).
      "boundaries/no-unknown-dependencies": "error",
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            { allow: { to: { module: { origin: ["external", "core"] } } } },
            ...Object.entries(LAYERS).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { type: to } } },
            })),
          ],
        },
      ],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}", "test/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
