import { Base44Error, createClient } from "@base44/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { apiUrl, builtApp, call, signedIn, tokenFor } from "../api/helpers";

/** The real @base44/sdk's `integrations.Core.*` (reference §4) against Kiln. */

let owner: Awaited<ReturnType<typeof signedIn>>;
let base44: ReturnType<typeof createClient>;

beforeAll(async () => {
  owner = await signedIn("sdk-integrations");
  const { id } = await builtApp(owner.token);
  base44 = createClient({ appId: id, serverUrl: apiUrl(), token: owner.token, analytics: { enabled: false } });
}, 60_000);

async function failure(promise: Promise<unknown>): Promise<Base44Error> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Base44Error);
  return err as Base44Error;
}

describe("integrations.Core through @base44/sdk", () => {
  it("UploadFile({file}) goes multipart and answers a file_url that serves the file", async () => {
    const { file_url } = await base44.integrations.Core.UploadFile({ file: new File(["a,b\n1,2\n"], "numbers.csv", { type: "text/csv" }) });
    expect(file_url).toMatch(/\/api\/files\/[0-9a-z]{26}-numbers\.csv$/);
    expect(await (await fetch(file_url)).text()).toBe("a,b\n1,2\n");
  });

  it("ExtractDataFromUploadedFile reads an uploaded CSV as { status, details, output }", async () => {
    const { file_url } = await base44.integrations.Core.UploadFile({ file: new File(["Title,Done\nWrite,true\nTest,false\n"], "todo.csv") });
    const result = await base44.integrations.Core.ExtractDataFromUploadedFile({
      file_url,
      json_schema: { type: "array", items: { type: "object", properties: { title: { type: "string" }, done: { type: "boolean" } } } },
    });
    expect(result).toEqual({ status: "success", details: null, output: [{ title: "Write", done: true }, { title: "Test", done: false }] });
  });

  it("SendEmail mails the app's owner", async () => {
    expect(await base44.integrations.Core.SendEmail({ to: owner.email, subject: "From the SDK", body: "It works" })).toEqual({ success: true });
    const mails = await call("GET", `/api/local/outbox?to=${encodeURIComponent(owner.email)}`, { token: await tokenFor("admin@kiln.local") });
    expect(mails.body[0]).toMatchObject({ subject: "From the SDK", text: "It works" });
  });

  it("errors arrive as Base44Error: no model configured, and an unknown endpoint", async () => {
    const offline = await failure(base44.integrations.Core.InvokeLLM({ prompt: "Hello?" }));
    expect(offline.status).toBe(400);
    expect(offline.message).toContain("No AI model is configured on this Kiln server");
    // Any name reaches /Core/{name} (the SDK's types list only the known ones).
    const anyEndpoint = base44.integrations.Core as unknown as Record<string, (params: object) => Promise<unknown>>;
    const unknown = await failure(anyEndpoint.SendSMS({ to: "+1" }));
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe("NOT_FOUND");
    expect(unknown.message).toBe("Integration endpoint 'Core.SendSMS' not found");
  });
});
