import { describe, expect, it } from "vitest";
import { User } from "../../schemas/user";
import { call, signedIn, tokenFor, uniqueEmail } from "./helpers";

describe("GET /api/auth/me", () => {
  it("answers the signed-in user, shaped as the User schema", async () => {
    const { token, email } = await signedIn("me");
    const res = await call("GET", "/api/auth/me", { token });
    expect(res.status).toBe(200);
    const user = User.parse(res.body);
    expect(user.email).toBe(email);
    expect(user.platform_role).toBe("user");
    expect(user.subscription_tier).toBe("free");
    expect(user.api_key).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(res.body)).not.toContain("pk");
  });

  it("answers 401 with a detail without a token, with a forged token, and with a bad API key", async () => {
    for (const options of [{}, { token: "not-a-jwt" }, { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln" }, { apiKey: "0".repeat(32) }]) {
      const res = await call("GET", "/api/auth/me", options);
      expect(res.status).toBe(401);
      expect(res.body.detail).toEqual(expect.any(String));
      expect(res.body.message).toBe(res.body.detail);
    }
  });

  it("accepts the user's API key in the api_key header", async () => {
    const { user } = await signedIn("key");
    const res = await call("GET", "/api/auth/me", { apiKey: user.api_key });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it("signing in twice with the same e-mail is the same user", async () => {
    const email = uniqueEmail("twice");
    const a = await call("GET", "/api/auth/me", { token: await tokenFor(email) });
    const b = await call("GET", "/api/auth/me", { token: await tokenFor(email.toUpperCase()) });
    expect(a.body.id).toBe(b.body.id);
  });
});

describe("POST /api/auth/regenerate_api_key", () => {
  it("replaces the key: the new one works, the old one stops working", async () => {
    const { token, user } = await signedIn("regen");
    const res = await call("POST", "/api/auth/regenerate_api_key", { token });
    expect(res.status).toBe(200);
    expect(res.body.api_key).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.api_key).not.toBe(user.api_key);
    expect((await call("GET", "/api/auth/me", { apiKey: user.api_key })).status).toBe(401);
    expect((await call("GET", "/api/auth/me", { apiKey: res.body.api_key })).status).toBe(200);
    expect((await call("GET", "/api/auth/me", { token })).body.api_key).toBe(res.body.api_key);
  });
});

describe("POST /api/auth/{id}/update-user", () => {
  it("saves full_name and phone_number; an empty phone is stored as null", async () => {
    const { token, user } = await signedIn("upd");
    const res = await call("POST", `/api/auth/${user.id}/update-user`, {
      token,
      body: { full_name: "  Grace Hopper ", phone_number: "+1 (555) 010-0199" },
    });
    expect(res.status).toBe(200);
    expect(res.body.full_name).toBe("Grace Hopper");
    expect(res.body.phone_number).toBe("+1 (555) 010-0199");
    const cleared = await call("POST", `/api/auth/${user.id}/update-user`, { token, body: { phone_number: "" } });
    expect(cleared.body.phone_number).toBeNull();
    expect(cleared.body.full_name).toBe("Grace Hopper");
  });

  it("rejects bad input with a 400 and a clear message, and changes nothing", async () => {
    const { token, user } = await signedIn("bad");
    await call("POST", `/api/auth/${user.id}/update-user`, { token, body: { full_name: "Before" } });
    const cases: [unknown, RegExp][] = [
      [{ full_name: "   " }, /Full Name is required/],
      [{ full_name: null }, /full_name/],
      [{ phone_number: "call me maybe" }, /Phone Number may contain only/],
      [{ email: "evil@x.com" }, /email/],
      [{ platform_role: "platform_admin" }, /platform_role/],
      [{ subscription_tier: "enterprise" }, /subscription_tier/],
      [["not", "an", "object"], /object/i],
    ];
    for (const [body, message] of cases) {
      const res = await call("POST", `/api/auth/${user.id}/update-user`, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(message);
    }
    const malformed = await call("POST", `/api/auth/${user.id}/update-user`, { token, rawBody: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe("The request body is not valid JSON");
    const me = await call("GET", "/api/auth/me", { token });
    expect(me.body.full_name).toBe("Before");
    expect(me.body.platform_role).toBe("user");
    expect(me.body.subscription_tier).toBe("free");
  });

  it("forbids updating another user, and knowing their id grants nothing", async () => {
    const alice = await signedIn("alice");
    const bob = await signedIn("bob");
    const res = await call("POST", `/api/auth/${bob.user.id}/update-user`, { token: alice.token, body: { full_name: "Hacked" } });
    expect(res.status).toBe(403);
    expect((await call("GET", "/api/auth/me", { token: bob.token })).body.full_name).not.toBe("Hacked");
  });

  it("lets a platform admin change another user's tier and role", async () => {
    const admin = await tokenFor("admin@kiln.local");
    const { token, user } = await signedIn("promote");
    const res = await call("POST", `/api/auth/${user.id}/update-user`, {
      token: admin,
      body: { subscription_tier: "builder", is_beta_tester: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.subscription_tier).toBe("builder");
    expect((await call("GET", "/api/auth/me", { token })).body.is_beta_tester).toBe(true);
    const missing = await call("POST", "/api/auth/nobody/update-user", { token: admin, body: { full_name: "X" } });
    expect(missing.status).toBe(404);
  });

  it("a disabled account can no longer call the API", async () => {
    const admin = await tokenFor("admin@kiln.local");
    const { token, user } = await signedIn("disabled");
    await call("POST", `/api/auth/${user.id}/update-user`, { token: admin, body: { disabled: true } });
    expect((await call("GET", "/api/auth/me", { token })).status).toBe(401);
  });
});

describe("GET /api/auth/list-users", () => {
  it("is for platform admins only", async () => {
    const { token } = await signedIn("nosy");
    const res = await call("GET", "/api/auth/list-users", { token });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Access Denied - You are not authorized to access this page");
  });

  it("lists users newest first and filters with a Mongo-style q ($or of case-insensitive $regex)", async () => {
    const admin = await tokenFor("admin@kiln.local");
    const tag = Math.random().toString(36).slice(2, 8);
    const first = await signedIn(`zeta${tag}`);
    const second = await signedIn(`omega${tag}`);
    const q = JSON.stringify({ $or: [{ email: { $regex: tag.toUpperCase(), $options: "i" } }, { full_name: { $regex: tag, $options: "i" } }] });
    const res = await call("GET", `/api/auth/list-users?${new URLSearchParams({ q, limit: "100" })}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: string }) => u.id)).toEqual([second.user.id, first.user.id]);
    const page = await call("GET", `/api/auth/list-users?${new URLSearchParams({ q, limit: "1", skip: "1" })}`, { token: admin });
    expect(page.body.map((u: { id: string }) => u.id)).toEqual([first.user.id]);
  });

  it("rejects a malformed or dangerous q with a 400", async () => {
    const admin = await tokenFor("admin@kiln.local");
    for (const q of ["{oops", "[1]", JSON.stringify({ $where: "sleep(1000)" }), JSON.stringify({ $or: [{ $where: "1" }] })]) {
      const res = await call("GET", `/api/auth/list-users?${new URLSearchParams({ q })}`, { token: admin });
      expect(res.status, q).toBe(400);
    }
    expect((await call("GET", "/api/auth/list-users?limit=0", { token: admin })).status).toBe(400);
  });
});

describe("sign-in flow (local identity page)", () => {
  it("GET /api/auth/login sends the browser to the labelled local identity page, keeping from_url", async () => {
    const res = await call("GET", `/api/auth/login?from_url=${encodeURIComponent("/user-settings")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/api/local/identity?from_url=%2Fuser-settings");
    const page = await call("GET", res.headers.get("location")!);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Local identity provider");
    expect(page.body).toContain("admin@kiln.local");
    expect(page.body).toContain("maker@kiln.local");
  });

  it("choosing an account returns to /login#access_token=… (the token in the fragment, never sent to a server), exactly like the cloud flow", async () => {
    const email = uniqueEmail("form");
    const res = await call("POST", "/api/local/identity", {
      rawBody: new URLSearchParams({ email, from_url: "/user-settings" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("from_url")).toBe("/user-settings");
    expect(location.searchParams.has("access_token")).toBe(false);
    const me = await call("GET", "/api/auth/me", { token: new URLSearchParams(location.hash.slice(1)).get("access_token")! });
    expect(me.body.email).toBe(email);
  });

  it("never returns to another site: a foreign from_url becomes /", async () => {
    for (const from of ["https://evil.example/steal", "//evil.example", "/\\evil.example"]) {
      const res = await call("GET", `/api/auth/login?from_url=${encodeURIComponent(from)}`);
      expect(res.headers.get("location")).toBe("/api/local/identity?from_url=%2F");
    }
  });

  it("POST /api/local/token rejects a malformed e-mail with a 400", async () => {
    const res = await call("POST", "/api/local/token", { body: { email: "not an email" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/valid email/);
  });
});

describe("GET /api/health and unknown routes", () => {
  it("answers 200 once every part is up", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", parts: { table: "ok", bucket: "ok" } });
  });

  it("answers 404 for an unknown path and 405 for a known path with the wrong method", async () => {
    expect((await call("GET", "/api/nope")).status).toBe(404);
    expect((await call("DELETE", "/api/auth/me")).status).toBe(405);
  });
});

describe("the local e-mail outbox", () => {
  it("holds the welcome e-mail the worker sent a new user (admins only)", async () => {
    const { email, token } = await signedIn("welcome");
    expect((await call("GET", "/api/local/outbox", { token })).status).toBe(403);
    const admin = await tokenFor("admin@kiln.local");
    let mail;
    for (let i = 0; i < 50 && !mail; i++) {
      const res = await call("GET", "/api/local/outbox", { token: admin });
      mail = (res.body as { to: string; subject: string }[]).find((m) => m.to === email);
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail).toMatchObject({ to: email, subject: "Welcome to Kiln" });
  });
});
