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

  it("the worker's AI-turn path does not load the offline engine: only an offline turn or its follow-ups do", async () => {
    const inputs = await coldInputs("functions/agent/turn.ts");
    expect(inputs.filter((i) => i.startsWith("functions/agent/offline/"))).toEqual([]);
    expect(inputs).toContain("functions/agent/turn-state.ts");
  }, 60_000);

  it("the support desk's admin handler loads the AI SDK only with a draft or a polish, and Stripe only with a paying customer's ticket", async () => {
    expect(packages(await coldInputs("functions/http/supportadmin.ts")).filter((p) => p === "ai" || p.startsWith("@ai-sdk/") || p === "stripe")).toEqual([]);
  }, 60_000);

  it("the table's stream handler enqueues jobs but loads the Lambda client only with its first one (SDK bundled, SST's default)", async () => {
    const inputs = await coldInputs("functions/stream/consumer.ts", false);
    expect(inputs).toContain("functions/core/jobs.ts");
    expect(packages(inputs)).not.toContain("@aws-sdk/client-lambda");
  }, 60_000);

  it("the table's stream handler does not load the app graph (apps, tickets, checkpoints, backend functions) to push to a room", async () => {
    const inputs = await coldInputs("functions/stream/consumer.ts");
    expect(inputs.filter((i) => /^functions\/core\/(apps\/|checkpoints\/|backend\/|support\/tickets\.ts$)/.test(i))).toEqual([]);
    expect(inputs).toContain("functions/core/records/history.ts");
  }, 60_000);

  it("handlers that may send an e-mail load nodemailer's transport and the SES client only with the first send", async () => {
    for (const handler of ["functions/http/appauth.ts", "functions/http/support.ts", "functions/http/integrations.ts"]) {
      const inputs = await coldInputs(handler, false);
      expect(inputs, handler).toContain("functions/core/mail.ts");
      expect(packages(inputs), handler).not.toContain("@aws-sdk/client-sesv2");
      // of nodemailer, only its address and SMTP-URL parsers (the start-up checks of MAIL_FROM and SMTP_URL)
      expect(inputs.filter((i) => /nodemailer\/dist\/[^/]+\/(nodemailer\.js|smtp-transport|smtp-connection|mailer|mail-composer|mime-node)/.test(i)), handler).toEqual([]);
      expect(inputs.filter((i) => i.includes("nodemailer/dist/esm/addressparser/")).length, handler).toBe(1);
    }
  }, 120_000);

  it("the function-call handler loads the Lambda client only with its first call of the sandbox", async () => {
    const inputs = await coldInputs("functions/http/backend.ts", false);
    expect(inputs).toContain("functions/core/backend/sandbox.ts");
    expect(packages(inputs)).not.toContain("@aws-sdk/client-lambda");
  }, 60_000);
});
