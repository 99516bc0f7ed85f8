import { describe, expect, it } from "vitest";
import { withIntegrationErrors } from "../../web/runtime/sdk";

/** Spec 03 §8: a failed integration call reads "Error calling integration" with the integration's name and the detail. */
describe("withIntegrationErrors", () => {
  class Base44Error extends Error {
    constructor(
      message: string,
      readonly status: number,
    ) {
      super(message);
    }
  }
  const integrations = withIntegrationErrors({
    Slack: {
      PostMessage: async (params: { text: string }) => {
        if (!params.text) throw new Base44Error("Slack answered 500: invalid_payload", 502);
        return { ok: true };
      },
    },
  });

  it("names the integration and keeps the detail and the SDK's error", async () => {
    const failure = await integrations.Slack.PostMessage({ text: "" }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Base44Error);
    expect((failure as Base44Error).message).toBe("Error calling integration Slack.PostMessage: Slack answered 500: invalid_payload");
    expect((failure as Base44Error).status).toBe(502);
  });

  it("leaves a call that works as it was", async () => {
    expect(await integrations.Slack.PostMessage({ text: "hi" })).toEqual({ ok: true });
  });
});
