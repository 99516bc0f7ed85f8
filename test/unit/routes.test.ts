import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { groups, honoPath, routeParts, routes, routesOf } from "../../lib/routes";

const root = fileURLToPath(new URL("../../", import.meta.url));
const keys = Object.keys(routes);
/** `export const handler`, `export const { app, handler } =`, `export (async) function handler`, `export { handler }`. */
const exportsHandler =
  /export\s+(?:const|let|var)\s+(?:handler\b|\{[^}]*\bhandler\b[^}]*\}\s*=)|export\s+(?:async\s+)?function\s+handler\b|export\s*\{[^}]*\bhandler\b[^}]*\}/;

describe("honoPath", () => {
  it('turns "{param}" into ":param"', () => {
    expect(honoPath("/api/auth/{id}/update-user")).toBe("/api/auth/:id/update-user");
    expect(honoPath("/api/apps/{appId}/entities/{entity}")).toBe("/api/apps/:appId/entities/:entity");
  });

  it('turns a greedy "{proxy+}" into "*"', () => {
    expect(honoPath("/api/files/{proxy+}")).toBe("/api/files/*");
    expect(honoPath("/api/apps/{id}/files/{path+}")).toBe("/api/apps/:id/files/*");
  });

  it("leaves a path without params unchanged", () => {
    expect(honoPath("/api/health")).toBe("/api/health");
  });
});

describe("routeParts", () => {
  it('splits "METHOD /path" into method and path', () => {
    expect(routeParts("POST /api/auth/{id}/update-user")).toEqual({ method: "POST", path: "/api/auth/{id}/update-user" });
    expect(routeParts("GET /api/health")).toEqual({ method: "GET", path: "/api/health" });
  });
});

describe("routesOf", () => {
  it("answers exactly the routes of one group, in table order, with their definitions", () => {
    const logs = routesOf("app-logs");
    expect(logs.map(([key]) => key)).toEqual([
      "POST /api/app-logs/{id}/log-user-in-app/{page}",
      "GET /api/app-logs/{id}",
      "GET /api/app-logs/{id}/stats",
      "POST /api/apps/{id}/analytics/track/batch",
    ]);
    expect(logs.map(([, def]) => def.op)).toEqual(["visit", "list", "stats", "trackBatch"]);
    for (const [key, def] of logs) expect(def).toBe(routes[key]);
  });

  it("keeps a group's routes whatever else they declare (local-only routes too)", () => {
    expect(routesOf("local").map(([key]) => key)).toEqual(["GET /api/local/identity", "POST /api/local/identity", "POST /api/local/token", "GET /api/local/outbox"]);
  });

  it("answers nothing for an unknown group", () => {
    expect(routesOf("no-such-group")).toEqual([]);
  });

  it("the groups of all routes partition the table", () => {
    expect(groups.flatMap((g) => routesOf(g).map(([key]) => key)).sort()).toEqual([...keys].sort());
  });
});

describe("the route table", () => {
  it('every key is "METHOD /api/..." with METHOD in GET/POST/PUT/PATCH/DELETE', () => {
    for (const key of keys) {
      expect(key, key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api(\/[^\s]*)?$/);
      const { method, path } = routeParts(key);
      expect(["GET", "POST", "PUT", "PATCH", "DELETE"]).toContain(method);
      expect(path.startsWith("/api/") || path === "/api", key).toBe(true);
    }
  });

  it("no two keys collide once their params are normalised", () => {
    const normalised = keys.map((key) => {
      const { method, path } = routeParts(key);
      return `${method} ${path.replace(/\{[^}]+\+\}/g, "*").replace(/\{[^}]+\}/g, "{}")}`;
    });
    expect(new Set(normalised).size).toBe(normalised.length);
  });

  it("every access is a known kind, and app routes name the app {id}", () => {
    for (const [key, def] of Object.entries(routes)) {
      const access: string = def.access;
      expect(["public", "user", "admin", "app"], key).toContain(access);
      if (access === "app") expect(key, "app routes resolve their caller from {id}").toContain("/{id}");
    }
  });

  it("every group has functions/http/<group>.ts exporting handler", () => {
    for (const group of groups) {
      const file = `${root}functions/http/${group}.ts`;
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, "utf8"), file).toMatch(exportsHandler);
    }
  });

  it("every localOnly route is under /api/local/", () => {
    const local = Object.entries(routes).filter(([, def]) => "localOnly" in def && def.localOnly);
    expect(local.length).toBeGreaterThan(0);
    for (const [key] of local) expect(routeParts(key).path, key).toMatch(/^\/api\/local\//);
  });
});
