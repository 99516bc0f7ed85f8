import http from "node:http";
import { describe, expect, it } from "vitest";
import { RUNTIME_PAGE } from "../../stacks/edge/app-routing";
import { webUrl } from "./browser";

/**
 * The local stack answers an app's origin by the rules the cloud's routers run (stacks/edge/app-routing.ts),
 * over the real build: every page path is the runtime's page, the runtime's own scripts load, and the
 * builder's page is never served there (issue 23 item 3: an app's `/` served the builder, deep links 403).
 */

/** A GET with the Host header a browser sends to `{host}` (Node does not resolve `*.localhost` everywhere). */
function get(host: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const { port } = new URL(webUrl());
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { host: `${host}:${port}` } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), body }));
      })
      .on("error", reject);
  });
}

const HOSTS = ["notes-ab12.localhost", "preview--notes-ab12.localhost", "127.0.0.1"];

describe("an app's origin on one machine", () => {
  it("answers every page path with the runtime's page, never the builder's", async () => {
    const runtime = await get("notes-ab12.localhost", RUNTIME_PAGE);
    const builder = await get("localhost", "/");
    expect(runtime.status).toBe(200);
    expect(runtime.body).not.toBe(builder.body);
    for (const host of HOSTS) {
      for (const page of ["/", "/Tasks", "/TaskDetail?id=1", "/apps", "/login"]) {
        const res = await get(host, page);
        expect([host, page, res.status, res.body === runtime.body]).toEqual([host, page, 200, true]);
      }
    }
  });

  it("serves the runtime's own scripts, and refuses the builder's page", async () => {
    const runtime = await get("notes-ab12.localhost", "/");
    const scripts = [...runtime.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const res = await get("notes-ab12.localhost", script);
      expect([script, res.status, res.type]).toEqual([script, 200, expect.stringMatching(/javascript|css/)]);
    }
    for (const host of HOSTS) expect([host, (await get(host, "/index.html")).status]).toEqual([host, 404]);
    // the browser's own icon request gets the runtime's page, as any path: a 404 would be a red console line
    expect((await get("notes-ab12.localhost", "/favicon.ico")).body).toBe(runtime.body);
  });

  it("passes /api on to the API, and the builder's origin never serves the runtime", async () => {
    const health = await get("notes-ab12.localhost", "/api/health");
    expect([health.status, health.type]).toEqual([200, expect.stringContaining("application/json")]);
    expect((await get("localhost", RUNTIME_PAGE)).status).toBe(404);
  });
});
