import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_NEEDS_BACKEND_FUNCTIONS } from "../../schemas/packages";
import { builtApp, call, signedIn, tokenFor } from "./helpers";

/**
 * Installable integrations (spec 01 §7, spec 03 §7.12; issue 11): a catalogue item's package
 * installs into an app, shows in the endpoint schema, and its endpoints run in the function
 * sandbox with the app's secrets. Slack's webhook here is a server of this test.
 */

let admin: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;
let hook: http.Server;
let hookUrl: string;
const received: unknown[] = [];
let hookStatus = 200;

const install = (pkg: string, ref: string, token = owner.token) => call("POST", `/api/apps/${appId}/install-integration/${pkg}/${ref}`, { token });
const endpoint = (pkg: string, name: string, body: unknown) =>
  call("POST", `/api/apps/${appId}/integration-endpoints/installable/${pkg}/integration-endpoints/${name}`, { token: owner.token, body });
const schema = async () => (await call("GET", `/api/apps/${appId}/integration-endpoints/schema`, { token: owner.token })).body;

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.writeHead(hookStatus, { "content-type": "text/plain" }).end(hookStatus === 200 ? "ok" : "invalid_payload");
    });
  });
  // the loopback address functions may reach besides Kiln's API (SANDBOX_OPEN_LOOPBACK, global-setup.ts)
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.3", resolve));
  hookUrl = `http://127.0.0.3:${(hook.address() as AddressInfo).port}/hook`;
  admin = await tokenFor("admin@kiln.local");
  owner = await signedIn("packages-owner");
  appId = (await builtApp(owner.token, "A simple notes app")).id;
}, 90_000);

afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())));

describe("installing a package", () => {
  it("is refused on a plan without backend functions, with the words of the spec", async () => {
    const res = await install("Slack", "slack-notifications");
    expect(res.status).toBe(402);
    expect(res.body.detail).toBe(PACKAGE_NEEDS_BACKEND_FUNCTIONS);
    expect((await schema()).installed_packages.map((p: { package_name: string }) => p.package_name)).toEqual(["Core"]);
  });

  it("installs on Builder, turns backend functions on, and says which secrets are missing", async () => {
    await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } });
    const res = await install("Slack", "slack-notifications");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ package_name: "Slack", missing_secrets: ["SLACK_WEBHOOK_URL"] });
    expect(res.body.installable_integrations.Slack.catalog_item_id).toBe("slack-notifications");
    const app = (await call("GET", `/api/apps/${appId}`, { token: owner.token })).body;
    expect(app.has_backend_functions_enabled).toBe(true);
    expect(Object.keys(app.installable_integrations)).toEqual(["Slack"]);
  });

  it("a package that does not belong to the catalogue item named is a 404", async () => {
    expect((await install("Slack", "openai")).status).toBe(404);
    expect((await install("Nope", "slack-notifications")).status).toBe(404);
  });
});

describe("the endpoint schema and calls", () => {
  it("lists Core and the installed package's endpoints, and packages the code calls without having them", async () => {
    await call("POST", `/api/apps/${appId}/coding/write`, {
      token: owner.token,
      body: { file_path: "pages/Texts", content: 'import { base44 } from "@/api/base44Client";\nexport default function Texts() { const send = () => base44.integrations.Twilio.SendSms({ to: "+15550001111", from: "+15550002222", body: "hi" }); return <button onClick={send}>Text</button>; }' },
    });
    const s = await schema();
    expect(s.installed_packages.map((p: { package_name: string }) => p.package_name)).toEqual(["Core", "Slack"]);
    const slack = s.installed_packages[1];
    expect(slack.endpoints.map((e: { name: string }) => e.name)).toEqual(["PostMessage"]);
    expect(slack.endpoints[0].params.properties.text.type).toBe("string");
    expect(s.missing_packages).toEqual(["Twilio"]);
  });

  it("a call before its secret is set says which secret to add", async () => {
    const res = await endpoint("Slack", "PostMessage", { text: "hello" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("The secret SLACK_WEBHOOK_URL is not set: add it in the app's Secrets.");
  }, 60_000);

  it("posts to the app's Slack webhook with the app's secret", async () => {
    await call("PUT", `/api/apps/${appId}/secrets`, { token: owner.token, body: { SLACK_WEBHOOK_URL: hookUrl } });
    const res = await endpoint("Slack", "PostMessage", { text: "A new order came in" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(received.at(-1)).toEqual({ text: "A new order came in" });
  }, 60_000);

  it("a failing service answers with the package's name and what the service said", async () => {
    hookStatus = 500;
    const res = await endpoint("Slack", "PostMessage", { text: "x" });
    hookStatus = 200;
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe("Slack answered 500: invalid_payload");
  }, 60_000);

  it("bad params are a 400 naming the field, and nothing is sent", async () => {
    const before = received.length;
    const res = await endpoint("Slack", "PostMessage", { text: "" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Slack.PostMessage: text text is required");
    expect(received.length).toBe(before);
  });

  it("a package the app has not installed says so", async () => {
    const res = await endpoint("Twilio", "SendSms", { to: "+15550001111", from: "+15550002222", body: "hi" });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: "The integration package Twilio is not installed in this app", code: "NOT_FOUND" });
  });

  it("uninstalling takes the package out of the app and its schema", async () => {
    const res = await call("POST", `/api/apps/${appId}/delete-integration/Slack/slack-notifications`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.installable_integrations).toEqual({});
    expect((await schema()).installed_packages.map((p: { package_name: string }) => p.package_name)).toEqual(["Core"]);
    expect((await endpoint("Slack", "PostMessage", { text: "x" })).status).toBe(404);
  });
});
