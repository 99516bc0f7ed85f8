import { beforeAll, describe, expect, it } from "vitest";
import { appMember, builtApp, call, signedIn, tokenFor } from "./helpers";

/** The owner workspace's app calls (spec 02 §7 App calls): rename rules, settings fields, logo, block. */

let owner: Awaited<ReturnType<typeof signedIn>>;
let app: any;
let admin: string;

beforeAll(async () => {
  owner = await signedIn("shell");
  app = await builtApp(owner.token, "A simple task tracker");
  admin = await tokenFor("admin@kiln.local");
});

describe("app settings through PUT /apps/{id}", () => {
  it("an empty name is refused with the spec's words and changes nothing", async () => {
    const res = await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { name: "   " } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("App name cannot be empty");
    expect((await call("GET", `/api/apps/${app.id}`, { token: owner.token })).body.name).toBe(app.name);
  });

  it("saves hide_entity_created_by and enable_username_password", async () => {
    const res = await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { hide_entity_created_by: true, enable_username_password: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hide_entity_created_by: true, enable_username_password: false });
    expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { is_blocked: true } })).status).toBe(400);
  });
});

describe("POST /apps/{id}/metadata/update-logo", () => {
  const logo = (body: unknown, token = owner.token) => call("POST", `/api/apps/${app.id}/metadata/update-logo`, { token, body });

  it("sets logo_url from an uploaded image's address", async () => {
    const res = await logo({ logo_url: "https://cdn.example.com/logo.png" });
    expect(res.status).toBe(200);
    expect(res.body.logo_url).toBe("https://cdn.example.com/logo.png");
  });

  it("a prompt needs an image model: a clear 400, the logo unchanged", async () => {
    const res = await logo({ prompt: "A modern, minimalist logo for a business app" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/No image model is configured/);
    expect((await call("GET", `/api/apps/${app.id}`, { token: owner.token })).body.logo_url).toBe("https://cdn.example.com/logo.png");
  });

  it("refuses bad bodies and other people's apps", async () => {
    expect((await logo({})).status).toBe(400);
    expect((await logo({ logo_url: "javascript:alert(1)" })).status).toBe(400);
    expect((await logo({ logo_url: "https://x.example/a.png", prompt: "both" })).status).toBe(400);
    const stranger = await signedIn("stranger");
    expect((await logo({ logo_url: "https://x.example/a.png" }, stranger.token)).status).toBe(403);
  });
});

describe("POST /apps/{id}/block (platform admins)", () => {
  const entity = () => Object.keys(app.entities)[0];

  it("is refused to the owner", async () => {
    const res = await call("POST", `/api/apps/${app.id}/block`, { token: owner.token, body: { is_blocked: true } });
    expect(res.status).toBe(403);
  });

  it("a blocked app's API refuses visitors, members and the owner; admins still pass; unblocking restores it", async () => {
    const open = { public_settings: "public_with_login", enable_username_password: true };
    expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: open })).status).toBe(200);
    const member = await appMember(app.id);
    const path = `/api/apps/${app.id}/entities/${entity()}`;
    expect((await call("GET", path, { token: member.token })).status).toBe(200);

    expect((await call("POST", `/api/apps/${app.id}/block`, { token: admin, body: { is_blocked: "yes" } })).status).toBe(400);
    const blocked = await call("POST", `/api/apps/${app.id}/block`, { token: admin, body: { is_blocked: true } });
    expect(blocked.status).toBe(200);
    expect(blocked.body.is_blocked).toBe(true);

    for (const token of [member.token, owner.token, undefined]) {
      const res = await call("GET", path, { token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/blocked/);
    }
    expect((await call("GET", path, { token: admin })).status).toBe(200);

    expect((await call("POST", `/api/apps/${app.id}/block`, { token: admin, body: { is_blocked: false } })).status).toBe(200);
    expect((await call("GET", path, { token: member.token })).status).toBe(200);
  });
});
