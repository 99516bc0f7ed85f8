import { describe, expect, it } from "vitest";
import { apiUrl, builtApp, call, signedIn, waitForApp } from "./helpers";

const port = () => new URL(apiUrl()).port;

describe("POST /api/apps/{id}/deploy", () => {
  it("publishes a snapshot served at the app's own host; later edits stay in the draft until the next publish", async () => {
    const { token } = await signedIn("publisher");
    const app = await builtApp(token);
    const deployed = await call("POST", `/api/apps/${app.id}/deploy`, { token });
    expect(deployed.status).toBe(200);
    expect(deployed.body).toMatchObject({ app_id: app.id, url: `http://${app.slug}.localhost:${port()}` });

    const first = await call("GET", `/api/apps/public/prod/by-id/${app.id}`, { token });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(deployed.body.version);
    expect(first.body.files["entities/Task"]).toBeDefined();

    await call("POST", `/api/apps/${app.id}/chat/message`, { token, body: { content: "add a priority field to tasks" } });
    const edited = await waitForApp(token, app.id);
    expect(edited.entities.Task.properties.priority).toBeDefined();
    const still = await call("GET", `/api/apps/public/prod/by-id/${app.id}`, { token });
    expect(JSON.parse(still.body.files["entities/Task"]).properties.priority).toBeUndefined();

    const again = await call("POST", `/api/apps/${app.id}/deploy`, { token });
    const now = await call("GET", `/api/apps/public/prod/by-slug/${app.slug}`, { token });
    expect(now.body.version).toBe(again.body.version);
    expect(JSON.parse(now.body.files["entities/Task"]).properties.priority).toBeDefined();
  });

  it("refuses another user's app, and an app the assistant is still working on", async () => {
    const owner = await signedIn("owner");
    const stranger = await signedIn("stranger");
    const app = await builtApp(owner.token);
    expect((await call("POST", `/api/apps/${app.id}/deploy`, { token: stranger.token })).status).toBe(403);
    await call("POST", `/api/apps/${app.id}/chat/message`, { token: owner.token, body: { content: "add an entity for invoices" } });
    const busy = await call("POST", `/api/apps/${app.id}/deploy`, { token: owner.token });
    expect(busy.status).toBe(409);
    await waitForApp(owner.token, app.id);
  });
});

describe("the public reads of a published app", () => {
  it("gate a private app's code like its data, and open a public one", async () => {
    const { token } = await signedIn("visible");
    const app = await builtApp(token);
    const unpublished = await call("GET", `/api/apps/public/prod/by-slug/${app.slug}`, { token });
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.detail).toBe("This app has not been published yet");
    await call("POST", `/api/apps/${app.id}/deploy`, { token });

    const visitor = await call("GET", `/api/apps/public/prod/by-slug/${app.slug}`);
    expect(visitor.status).toBe(403);
    expect(visitor.body.extra_data).toMatchObject({ reason: "auth_required", app_id: app.id });
    expect(visitor.body.files).toBeUndefined();
    expect((await call("GET", `/api/apps/public/prod/by-id/${app.id}`)).status).toBe(403);

    await call("PUT", `/api/apps/${app.id}`, { token, body: { public_settings: "public_without_login" } });
    const open = await call("GET", `/api/apps/public/prod/by-slug/${app.slug}`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ id: app.id, name: app.name, public_settings: "public_without_login" });
    expect(open.body.editor_origin).toBe(`http://localhost:${port()}`);
  });

  it("find an app by its host name, and nothing for a foreign one", async () => {
    const { token } = await signedIn("hosts");
    const app = await builtApp(token);
    for (const host of [`${app.slug}.localhost:${port()}`, `preview--${app.slug}.localhost`]) {
      const found = await call("GET", `/api/apps/public/prod/domain/${encodeURIComponent(host)}`);
      expect(found.status, host).toBe(200);
      expect(found.body).toEqual({ app_id: app.id, slug: app.slug, public_settings: app.public_settings });
    }
    for (const host of ["example.com", "nope-000000.localhost", "..localhost"]) {
      const missing = await call("GET", `/api/apps/public/prod/domain/${encodeURIComponent(host)}`);
      expect(missing.status, host).toBe(404);
      expect(missing.body.detail).toBe("This domain is not associated with any app.");
      expect(missing.body.extra_data).toEqual({ editor_origin: `http://localhost:${port()}` });
    }
    expect((await call("GET", "/api/apps/public/prod/by-slug/NOT%20A%20SLUG")).status).toBe(404);
  });
});
