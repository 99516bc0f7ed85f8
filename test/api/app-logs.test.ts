import { beforeAll, describe, expect, it } from "vitest";
import { builtApp, call, signedIn } from "./helpers";

/** A generated app's visit log and analytics batches (reference §6.2, §6.5; spec 03 §7.12). */

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;

beforeAll(async () => {
  owner = await signedIn("visits");
  appId = (await builtApp(owner.token, "A tiny blog")).id;
}, 60_000);

describe("POST /api/app-logs/{id}/log-user-in-app/{page}", () => {
  it("records a visit with an empty body, from a builder or an anonymous visitor, even on a private app", async () => {
    const builder = await call("POST", `/api/app-logs/${appId}/log-user-in-app/Home`, { token: owner.token });
    expect(builder.status).toBe(200);
    expect(builder.body).toEqual({});
    const visitor = await call("POST", `/api/app-logs/${appId}/log-user-in-app/home`, { headers: { "x-base44-anonymous-id": "anon-123" } });
    expect(visitor.status).toBe(200);
  });

  it("refuses an unknown app, a bad token and a page name past 200 characters", async () => {
    expect((await call("POST", "/api/app-logs/nosuchapp/log-user-in-app/Home")).status).toBe(404);
    expect((await call("POST", `/api/app-logs/${appId}/log-user-in-app/Home`, { token: "not-a-token" })).status).toBe(401);
    const long = await call("POST", `/api/app-logs/${appId}/log-user-in-app/${"p".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe("page names are 200 characters at most");
  });
});

describe("POST /api/apps/{id}/analytics/track/batch", () => {
  it("accepts the SDK's batches and keeps nothing", async () => {
    const events = [{ event_name: "__initialization_event__", properties: { referrer: "" }, timestamp: new Date().toISOString(), page_url: "http://x/", user_id: null, session_id: "s" }];
    const res = await call("POST", `/api/apps/${appId}/analytics/track/batch`, { body: { events } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it("refuses a body that is not a batch, and one over its size limit", async () => {
    expect((await call("POST", `/api/apps/${appId}/analytics/track/batch`, { rawBody: "{not json" })).status).toBe(400);
    expect((await call("POST", `/api/apps/${appId}/analytics/track/batch`, { body: { events: "all" } })).status).toBe(400);
    const huge = { events: [{ event_name: "x", properties: { blob: "x".repeat(300 * 1024) } }] };
    expect((await call("POST", `/api/apps/${appId}/analytics/track/batch`, { body: huge })).status).toBe(413);
  });
});
