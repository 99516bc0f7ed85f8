import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { type TeamClient, teamClient } from "./team-client";

/**
 * A team's Kiln (`npm run team`) is opened from other machines, where s3rver on the box's loopback cannot be
 * reached: uploads and downloads go through Kiln's own origin (`/_storage/…`, stacks/local/storage-gateway.ts),
 * which passes only what a presigned link allows; and apps offer no Google sign-in there (no identity page).
 */

const MB = 1024 * 1024;
let stack: StackProcess;
let kiln: TeamClient;
let token: string;

beforeAll(async () => {
  stack = await startLocalStackProcess({ seed: false, team: true });
  kiln = teamClient(stack);
  token = await kiln.signUp("owner@team.test");
}, 120_000);

afterAll(async () => {
  kiln?.close();
  await stack?.stop();
});

const bytes = (size: number, seed: number) => {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
};

describe("a team's Kiln: files through its own origin", () => {
  /** An 8 MB image uploaded as the builder does, by the presigned PUT Kiln answers: its link and its upload. */
  let stored: { url: string; put: string };

  it("takes an 8 MB presigned upload at {origin}/_storage/… and serves it back there", async () => {
    const content = bytes(8 * MB, 7);
    const res = await kiln.request("POST", "/api/files/upload-url", { name: "team photo.png", size: content.length }, token);
    expect(res.status).toBe(201);
    const { upload, url } = res.body;
    // nothing points at s3rver's loopback address, and the signature stays for storage to check
    expect(upload.url.startsWith(`${stack.url}/_storage/kiln-files/uploads/`)).toBe(true);
    expect(upload.url).not.toContain(new URL(stack.links.AWS_ENDPOINT_URL_S3).host);
    expect(new URL(upload.url).searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);

    const put = await fetch(upload.url, { method: "PUT", headers: upload.headers, body: content });
    expect(put.status).toBe(200);
    expect(put.headers.get("x-content-type-options")).toBe("nosniff");

    const link = await fetch(url, { redirect: "manual" });
    expect(link.status).toBe(302);
    const location = link.headers.get("location")!;
    expect(location.startsWith(`${stack.url}/_storage/kiln-files/uploads/`)).toBe(true);
    const served = await fetch(location);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(content))).toBe(true);
    stored = { url: location, put: upload.url };
  }, 60_000);

  it("refuses DELETE, bucket listings, unsigned or altered requests, and writes outside uploads/", async () => {
    const object = new URL(stored.url);
    const plain = `${object.origin}${object.pathname}`;
    const status = async (method: string, address: string, init: RequestInit = {}) => (await fetch(address, { method, redirect: "manual", ...init })).status;

    expect(await status("DELETE", stored.url)).toBe(405);
    expect(await status("DELETE", plain)).toBe(405);
    expect(await status("POST", `${stack.url}/_storage/kiln-files?delete`, { body: "<Delete/>" })).toBe(405);
    for (const listing of ["/_storage/", "/_storage/kiln-files", "/_storage/kiln-files/", "/_storage/kiln-files?list-type=2", "/_storage/kiln-files/?list-type=2&prefix=uploads/"])
      expect(await status("GET", `${stack.url}${listing}`), listing).toBe(404);
    // an object without its signed query, or with its signature changed
    expect(await status("GET", plain)).toBe(403);
    expect(await status("HEAD", plain)).toBe(403);
    const forged = new URL(stored.url);
    forged.searchParams.set("X-Amz-Signature", "0".repeat(64));
    expect(await status("GET", forged.toString())).toBe(403);
    // a PUT over the stored file without a presigned query, or another file's bytes under the signed one's query
    expect(await status("PUT", plain, { headers: { "content-type": "image/png" }, body: "overwritten" })).toBe(403);
    const other = new URL(stored.put);
    other.pathname = other.pathname.replace("team_photo", "another");
    expect(await status("PUT", other.toString(), { headers: { "content-type": "image/png", "content-disposition": 'inline; filename="team_photo.png"' }, body: bytes(8 * MB, 7) })).toBe(403);
    expect(await status("PUT", `${stack.url}/_storage/kiln-files/apps/x/code.json`, { body: "{}" })).toBe(403);

    // the file is as it was
    const served = await fetch(stored.url);
    expect([served.status, (await served.arrayBuffer()).byteLength]).toEqual([200, 8 * MB]);
  }, 60_000);
});

describe("a team's Kiln: apps' sign-in without Google", () => {
  it("tells the app's sign-in screen Google is off, and answers its Google start with a 400", async () => {
    const created = await kiln.request("POST", "/api/apps", { user_description: "A to-do list for the team" }, token);
    expect(created.status).toBe(201);
    const appId = created.body.id as string;

    const info = await kiln.request("GET", `/api/apps/public/login-info/by-id/${appId}`);
    expect(info.status).toBe(200);
    expect(info.body.google_enabled).toBe(false);

    const detail = "Google sign-in is not available on this server. Sign in with e-mail and password.";
    const start = await kiln.request("GET", `/api/apps/auth/login?${new URLSearchParams({ app_id: appId, from_url: "/" })}`);
    expect([start.status, start.body.detail, start.location]).toEqual([400, detail, null]);
    const unknownApp = await kiln.request("GET", `/api/apps/auth/login?app_id=${"0".repeat(26)}`);
    expect([unknownApp.status, unknownApp.body.detail]).toEqual([400, detail]);
  });
});
