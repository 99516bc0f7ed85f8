import { describe, expect, it } from "vitest";
import { withFunctionErrorReports, withIntegrationErrors } from "../../web/runtime/sdk";

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

/** Spec 02 §8: a function call failure reports url, method, data and error, each cut to 1000 characters. */
describe("withFunctionErrorReports", () => {
  const failing = {
    async invoke(name: string, data?: Record<string, unknown>) {
      if (name === "fails") throw Object.assign(new Error("Request failed with status code 500"), { response: { status: 500, data: { error: "x".repeat(1500) } } });
      return { data: { echo: data } };
    },
  };

  it("reports a failure with each part cut to 1000 characters, and throws the SDK's error", async () => {
    const reports: unknown[] = [];
    const functions = withFunctionErrorReports("app1", failing, (r) => reports.push(r));
    const err = await functions.invoke("fails", { note: "y".repeat(2000) }).catch((e: unknown) => e);
    expect((err as { response: { status: number } }).response.status).toBe(500);
    expect(reports).toHaveLength(1);
    const [report] = reports as { url: string; method: string; data: string; error: string }[];
    expect(report.url).toBe("/api/apps/app1/functions/fails");
    expect(report.method).toBe("POST");
    expect(report.data).toHaveLength(1000);
    expect(report.error).toHaveLength(1000);
    expect(report.error.startsWith('{"error":"xxx')).toBe(true);
  });

  it("reports nothing for a call that works", async () => {
    const reports: unknown[] = [];
    const functions = withFunctionErrorReports("app1", failing, (r) => reports.push(r));
    expect(await functions.invoke("works", { a: 1 })).toEqual({ data: { echo: { a: 1 } } });
    expect(reports).toEqual([]);
  });
});
