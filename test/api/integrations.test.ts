import { beforeAll, describe, expect, it } from "vitest";
import { type Answer, apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail } from "./helpers";

/**
 * A generated app's Core integrations (reference §4) against the real local stack:
 * files in s3rver, mail in the local outbox, models through the Anthropic stand-in.
 */

/** POST …/integration-endpoints/Core/{name} as the SDK sends it: JSON, or multipart when given a FormData. */
async function core(appId: string, name: string, params: object | FormData, token?: string): Promise<Answer> {
  const multipart = params instanceof FormData;
  const res = await fetch(`${apiUrl()}/api/apps/${appId}/integration-endpoints/Core/${name}`, {
    method: "POST",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(multipart ? {} : { "content-type": "application/json" }) },
    body: multipart ? params : JSON.stringify(params),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const fileForm = (name: string, content: string, type = "text/plain") => {
  const form = new FormData();
  form.append("file", new File([content], name, { type }));
  return form;
};

async function upload(appId: string, token: string, name: string, content: string): Promise<string> {
  const res = await core(appId, "UploadFile", fileForm(name, content), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.file_url;
}

const usage = async (token: string) => (await call("GET", "/api/usage-logs/current-integration-usage", { token })).body as { usage: number; limit: number };

let adminToken: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;

beforeAll(async () => {
  adminToken = await tokenFor("admin@kiln.local");
  owner = await signedIn("integrations");
  appId = (await builtApp(owner.token)).id;
}, 60_000);

describe("UploadFile, UploadPrivateFile, CreateFileSignedUrl", () => {
  it("UploadFile (multipart `file`) answers a public file_url that serves the file", async () => {
    const url = await upload(appId, owner.token, "notes.txt", "hello from an app");
    expect(url).toMatch(/\/api\/files\/[0-9a-z]{26}-notes\.txt$/);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe("hello from an app");
  });

  it("refuses a type it does not store and a request without a file", async () => {
    const exe = await core(appId, "UploadFile", fileForm("tool.exe", "MZ"), owner.token);
    expect(exe.status).toBe(400);
    expect(exe.body.detail).toMatch(/^File type "exe" is not supported/);
    const none = await core(appId, "UploadFile", {}, owner.token);
    expect(none.status).toBe(400);
    expect(none.body.detail).toContain("field named file");
  });

  it("a private file is reached only through a signed link its own app asks for", async () => {
    const stored = await core(appId, "UploadPrivateFile", fileForm("secret.txt", "for this app only"), owner.token);
    expect(stored.status).toBe(200);
    expect(stored.body.file_uri).toMatch(new RegExp(`^private/${appId}/`));
    expect(stored.body.file_url).toBeUndefined();

    const signed = await core(appId, "CreateFileSignedUrl", { file_uri: stored.body.file_uri, expires_in: 60 }, owner.token);
    expect(signed.status).toBe(200);
    expect(await (await fetch(signed.body.signed_url)).text()).toBe("for this app only");

    const other = (await builtApp(owner.token, "A recipe box")).id;
    const foreign = await core(other, "CreateFileSignedUrl", { file_uri: stored.body.file_uri }, owner.token);
    expect(foreign.status).toBe(404);
    const bad = await core(appId, "CreateFileSignedUrl", { file_uri: stored.body.file_uri, expires_in: "a week" }, owner.token);
    expect(bad.status).toBe(400);
  });
});

describe("SendEmail", () => {
  const outbox = async (email: string) => (await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: adminToken })).body as Record<string, string>[];

  it("mails the app's owner and the app's users, from the app's name", async () => {
    const sent = await core(appId, "SendEmail", { to: owner.email, subject: "New lead", body: "<p>Someone signed up</p>", from_name: "CRM bot" }, owner.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ success: true });
    const [mail] = await outbox(owner.email);
    expect(mail).toMatchObject({ subject: "New lead", text: "<p>Someone signed up</p>", html: "<p>Someone signed up</p>" });
    expect(mail.from).toMatch(/^"CRM bot" </);

    await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "public_with_login" } });
    await enablePasswordSignIn(appId, owner.token);
    const member = await appMember(appId);
    const toMember = await core(appId, "SendEmail", { to: member.email.toUpperCase(), subject: "Welcome", body: "Hi" }, member.token);
    expect(toMember.status).toBe(200);
    expect((await outbox(member.email))[0]).toMatchObject({ subject: "Welcome", text: "Hi" });
  });

  it("refuses anyone who is not a user of the app, and charges nothing for it", async () => {
    const before = await usage(owner.token);
    const stranger = uniqueEmail("stranger");
    const refused = await core(appId, "SendEmail", { to: stranger, subject: "Buy now", body: "spam" }, owner.token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(`SendEmail can only send to users of this app or its owner; ${stranger} is neither`);
    expect(await outbox(stranger)).toEqual([]);
    expect((await core(appId, "SendEmail", { to: "not an address", subject: "x", body: "y" }, owner.token)).status).toBe(400);
    expect(await usage(owner.token)).toEqual(before);
  });
});

describe("ExtractDataFromUploadedFile", () => {
  const contacts = { type: "object", properties: { name: { type: "string" }, age: { type: "number" }, vip: { type: "boolean" } } };

  it("reads CSV rows into the schema's fields and types (array schema)", async () => {
    const url = await upload(appId, owner.token, "people.csv", "Name,Age,VIP,Ignored\nAda,36,yes,x\nAlan,41,no,y\n");
    const res = await core(appId, "ExtractDataFromUploadedFile", { file_url: url, json_schema: { type: "array", items: contacts } }, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "success",
      details: null,
      output: [
        { name: "Ada", age: 36, vip: true },
        { name: "Alan", age: 41, vip: false },
      ],
    });
  });

  it("answers an object when the schema wraps the rows, and reads JSON files (multipart params too)", async () => {
    const url = await upload(appId, owner.token, "people.json", JSON.stringify({ people: [{ name: "Grace", age: "85" }] }));
    const form = new FormData();
    form.append("file_url", url);
    form.append("json_schema", JSON.stringify({ type: "object", properties: { contacts: { type: "array", items: contacts } } }));
    const res = await core(appId, "ExtractDataFromUploadedFile", form, owner.token);
    expect(res.body).toEqual({ status: "success", details: null, output: { contacts: [{ name: "Grace", age: 85 }] } });
  });

  it("other files need a model: an error status with details when none is configured, and no charge", async () => {
    const before = await usage(owner.token);
    const url = await upload(appId, owner.token, "scan.pdf", "%PDF-1.4 not really");
    const res = await core(appId, "ExtractDataFromUploadedFile", { file_url: url, json_schema: contacts }, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "error", output: null });
    expect(res.body.details).toContain("needs an AI model, and none is configured on this Kiln server");
    const foreign = await core(appId, "ExtractDataFromUploadedFile", { file_url: "https://example.com/data.csv", json_schema: contacts }, owner.token);
    expect(foreign.body).toMatchObject({ status: "error", details: "file_url must be a file uploaded with UploadFile or UploadPrivateFile" });
    expect((await usage(owner.token)).usage).toBe(before.usage + 1); // the upload alone
  });
});

describe("InvokeLLM and GenerateImage", () => {
  it("without a configured model: a clear 400, never a made-up answer, and no charge", async () => {
    const before = await usage(owner.token);
    const res = await core(appId, "InvokeLLM", { prompt: "Summarise my deals" }, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("No AI model is configured on this Kiln server; set ANTHROPIC_API_KEY (or another provider) to use InvokeLLM");
    const image = await core(appId, "GenerateImage", { prompt: "a kiln at dusk" }, owner.token);
    expect(image.status).toBe(400);
    expect(image.body.detail).toMatch(/^No image model is configured on this Kiln server/);
    expect(await usage(owner.token)).toEqual(before);
  });

  it("through the app's provider: a JSON string without a schema, the object with one", async () => {
    const app = await builtApp(owner.token, "A journal with daily entries");
    expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { model: "claude_sonnet_4" } })).status).toBe(200);
    const text = await core(app.id, "InvokeLLM", { prompt: "Suggest three features" }, owner.token);
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(typeof text.body).toBe("string");
    expect(JSON.parse(text.body)[0].title).toBe("Add search");

    const schema = { type: "object", properties: { mood: { type: "string", enum: ["calm", "busy"] }, score: { type: "number" } }, required: ["mood", "score"] };
    const shaped = await core(app.id, "InvokeLLM", { prompt: "Rate my day", response_json_schema: schema }, owner.token);
    expect(shaped.status, JSON.stringify(shaped.body)).toBe(200);
    expect(shaped.body).toEqual({ mood: "calm", score: 42 });

    const list = await core(app.id, "InvokeLLM", { prompt: "List tags", response_json_schema: { type: "array", items: { type: "string" } } }, owner.token);
    expect(list.body).toEqual(["fake result"]);

    const url = await upload(app.id, owner.token, "diary.txt", "Today was calm.");
    const withFile = await core(app.id, "InvokeLLM", { prompt: "Read it", file_urls: [url], model: "claude_sonnet_4_6" }, owner.token);
    expect(withFile.status).toBe(200);
    const notOurs = await core(app.id, "InvokeLLM", { prompt: "Read it", file_urls: "https://example.com/x.png" }, owner.token);
    expect(notOurs.status).toBe(400);

    const failing = await core(app.id, "InvokeLLM", { prompt: "FAIL now" }, owner.token);
    expect(failing.status).toBe(502);
    expect(failing.body.detail).toContain("Anthropic answered 500");
  });

  it("extracts data from a PDF through the app's model", async () => {
    const app = await builtApp(owner.token, "A receipt scanner");
    await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { model: "claude_sonnet_4" } });
    const url = await upload(app.id, owner.token, "receipt.pdf", "%PDF-1.4 total 12.50");
    const schema = { type: "object", properties: { total: { type: "number" }, shop: { type: "string" } } };
    const res = await core(app.id, "ExtractDataFromUploadedFile", { file_url: url, json_schema: schema }, owner.token);
    expect(res.body).toEqual({ status: "success", details: null, output: { total: 42, shop: "fake shop" } });
  });
});

describe("endpoints, access and credits", () => {
  it("an unknown endpoint is the SDK's 404", async () => {
    const res = await core(appId, "SendSMS", { to: "+1" }, owner.token);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: "Integration endpoint 'Core.SendSMS' not found", code: "NOT_FOUND" });
    const pkg = await call("POST", `/api/apps/${appId}/integration-endpoints/installable/Stripe/integration-endpoints/Charge`, { token: owner.token, body: {} });
    expect(pkg.status).toBe(404);
    expect(pkg.body).toMatchObject({ detail: "The integration package Stripe is not installed in this app", code: "NOT_FOUND" });
  });

  it("GET …/integration-endpoints/schema describes every Core endpoint", async () => {
    const res = await call("GET", `/api/apps/${appId}/integration-endpoints/schema`, { token: owner.token });
    expect(res.status).toBe(200);
    const [pkg] = res.body.installed_packages;
    expect(pkg.package_name).toBe("Core");
    expect(pkg.endpoints.map((e: { name: string }) => e.name)).toEqual([
      "InvokeLLM",
      "GenerateImage",
      "UploadFile",
      "UploadPrivateFile",
      "CreateFileSignedUrl",
      "SendEmail",
      "ExtractDataFromUploadedFile",
    ]);
    const send = pkg.endpoints.find((e: { name: string }) => e.name === "SendEmail");
    expect(send.params.required).toEqual(["to", "subject", "body"]);
    expect(send.returns.properties.success).toBeDefined();
    expect(res.body.missing_packages).toEqual([]);
  });

  it("a private app's integrations refuse visitors; a public one's admit them", async () => {
    const { id } = await builtApp(owner.token, "A guest book");
    const visitor = await core(id, "UploadFile", fileForm("hi.txt", "hi"));
    expect(visitor.status).toBe(403);
    expect(visitor.body.extra_data).toMatchObject({ reason: "auth_required" });
    await call("PUT", `/api/apps/${id}`, { token: owner.token, body: { public_settings: "public_without_login" } });
    expect((await core(id, "UploadFile", fileForm("hi.txt", "hi"))).status).toBe(200);
  });

  it("each successful call costs the owner one integration credit; out of credits is a 402", async () => {
    const payer = await signedIn("payer");
    const { id } = await builtApp(payer.token, "A photo album");
    const stored = await core(id, "UploadPrivateFile", fileForm("a.txt", "a"), payer.token);
    expect(await usage(payer.token)).toEqual({ usage: 1, limit: 500 });
    const calls = Array.from({ length: 505 }, () => () => core(id, "CreateFileSignedUrl", { file_uri: stored.body.file_uri }, payer.token));
    const statuses: number[] = [];
    for (let i = 0; i < calls.length; i += 25) statuses.push(...(await Promise.all(calls.slice(i, i + 25).map((f) => f()))).map((r) => r.status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(499);
    expect(statuses.filter((s) => s === 402)).toHaveLength(6);
    const out = await core(id, "CreateFileSignedUrl", { file_uri: stored.body.file_uri }, payer.token);
    expect(out.status).toBe(402);
    expect(out.body.detail).toBe("Out of integration credits: this app's owner has used all 500 integration credits of this month");
    expect(await usage(payer.token)).toEqual({ usage: 500, limit: 500 });
  }, 120_000);
});
