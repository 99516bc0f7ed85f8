import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Kiln's own source files an exported project carries unchanged, so it shows what the
 * preview shows: the UI kit (web/runtime/ui, `@/components/ui/<part>`) and the money rule
 * (schemas/money.ts, `formatMoney` of `@/utils`). In the cloud they are copied beside the
 * handler (stacks/api.ts); on one machine they are read from the tree.
 */
const root = process.env.LAMBDA_TASK_ROOT ?? fileURLToPath(new URL("../../../", import.meta.url));

/** The kit's index wires the runtime's module table; an exported app imports each part by its path instead. */
const KIT_SKIP = new Set(["index.ts"]);

let cached: { uiKit: Record<string, string>; money: string } | null = null;

export function kilnSources(): { uiKit: Record<string, string>; money: string } {
  if (cached) return cached;
  const kitDir = path.join(root, "web/runtime/ui");
  const uiKit = Object.fromEntries(
    readdirSync(kitDir)
      .filter((file) => /\.(ts|tsx)$/.test(file) && !KIT_SKIP.has(file))
      .map((file) => [file, readFileSync(path.join(kitDir, file), "utf8")]),
  );
  cached = { uiKit, money: readFileSync(path.join(root, "schemas/money.ts"), "utf8") };
  return cached;
}
