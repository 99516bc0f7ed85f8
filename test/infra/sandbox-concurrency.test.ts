import { expect, it } from "vitest";
import { recordStacks, resolved } from "./sst-stand-in";

/** Reserved concurrency is the operator's choice (KILN_SANDBOX_CONCURRENCY), for the sandbox alone. */
it("reserves KILN_SANDBOX_CONCURRENCY for the function sandbox, and for nothing else", async () => {
  const stack = await recordStacks({ KILN_APPS_DOMAIN: "kiln-apps.example.com", KILN_SANDBOX_CONCURRENCY: "20" });
  const reserved = stack.of("sst.aws.Function").flatMap((fn) => {
    const concurrency = resolved(fn.args.concurrency) as { reserved?: number } | undefined;
    return concurrency?.reserved === undefined ? [] : [[fn.name, concurrency.reserved]];
  });
  expect(reserved).toEqual([["FunctionSandbox", 20]]);
});
