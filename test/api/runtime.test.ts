import { beforeAll, describe, expect, it } from "vitest";
import { builtApp, call, signedIn } from "./helpers";

describe("GET /api/apps/{id}/runtime/files: the draft the preview renders", () => {
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let app: any;

  beforeAll(async () => {
    owner = await signedIn("runtime-owner");
    app = await builtApp(owner.token);
  }, 60_000);

  it("answers the builder the app's files, main page, name and the editor's origin", async () => {
    const res = await call("GET", `/api/apps/${app.id}/runtime/files`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.files["pages/Dashboard"]).toContain("export default function Dashboard(");
    expect(res.body.files["layout/main"]).toContain("export default function Layout(");
    expect(res.body.files["entities/Task"]).toContain('"name": "Task"');
    expect(res.body.main_page).toBe("Dashboard");
    expect(res.body.name).toBe(app.name);
    expect(res.body.editor_origin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(res.body.public_settings).toBe(app.public_settings);
  });

  it("answers the preview's runtime token: the builder signed in as the app's admin", async () => {
    const { body } = await call("GET", `/api/apps/${app.id}/auth/token`, { token: owner.token });
    const res = await call("GET", `/api/apps/${app.id}/runtime/files`, { token: body.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.files)).toContain("pages/Dashboard");
  });

  it("refuses another platform user, and a visitor of a private app", async () => {
    const stranger = await signedIn("runtime-stranger");
    expect((await call("GET", `/api/apps/${app.id}/runtime/files`, { token: stranger.token })).status).toBe(403);
    const visitor = await call("GET", `/api/apps/${app.id}/runtime/files`);
    expect(visitor.status).toBe(403);
    expect(visitor.body.extra_data.reason).toBe("auth_required");
  });

  it("keeps the draft from visitors even when the app is public", async () => {
    expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
    const visitor = await call("GET", `/api/apps/${app.id}/runtime/files`);
    expect(visitor.status).toBe(403);
    expect(visitor.body.detail).toBe("Only the app's editors can see its preview. Open it from the editor.");
  });

  it("an unknown app is a 404", async () => {
    expect((await call("GET", "/api/apps/01nosuchapp/runtime/files", { token: owner.token })).status).toBe(404);
  });
});
