import { describe, expect, it } from "vitest";
import { coldInputs } from "../bench/bundles";

/**
 * What a handler's cold start loads, read from its bundle as SST builds it (test/bench/bundles.ts):
 * the big packages a path only needs on some calls load with those calls (issue 14), sizes and
 * times are printed by `npm run bench`.
 */
const packages = (inputs: string[]) => [...new Set(inputs.flatMap((i) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(i)?.[1] ?? []))];

describe("what a handler loads before its first call", () => {
  it("the worker's AI-turn path loads neither the AI SDK, a provider package nor Stripe: a model call loads them", async () => {
    const loaded = packages(await coldInputs("functions/agent/turn.ts"));
    expect(loaded.filter((p) => p === "ai" || p.startsWith("@ai-sdk/") || p === "stripe")).toEqual([]);
    expect(loaded).toContain("zod");
  }, 60_000);

  it("the table's stream handler does not load the app graph (apps, tickets, checkpoints, backend functions) to push to a room", async () => {
    const inputs = await coldInputs("functions/stream.ts");
    expect(inputs.filter((i) => /functions\/core\/(apps|support\/tickets|backend-functions|checkpoints)\.ts$/.test(i))).toEqual([]);
    expect(inputs).toContain("functions/core/record-history.ts");
  }, 60_000);
});
