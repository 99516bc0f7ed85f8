import { describe, expect, it } from "vitest";
import { call, signedIn, tokenFor } from "./helpers";

/** Spec 03 §2.7, §4 Catalogue item, §5 Integration save and Invite admin, §7.6: the catalogue's writing side. */

const CATALOG = "/api/integration-catalog-items/catalog";
const PROMPT = "Call the Acme API from a backend function with the key in ACME_API_KEY; never from a page.";

const item = (overrides: Record<string, unknown> = {}) => ({
  name: "Acme",
  description: "Talk to Acme",
  prompt: PROMPT,
  ...overrides,
});
const create = (token: string, body: unknown) => call("POST", CATALOG, { token, body });
const open = (token: string, id: string) => call("GET", `${CATALOG}/${id}`, { token });
const listed = async (token: string) => ((await call("GET", CATALOG, { token })).body as { item: { id: string } }[]).map((e) => e.item.id);
const extraCredits = async (token: string) => (await call("GET", "/api/usage-logs/current-usage", { token })).body.extra_credits as number;

describe("POST /api/integration-catalog-items/catalog", () => {
  it("refuses a save with the spec's messages, and creates nothing", async () => {
    const { token } = await signedIn("catalog-invalid");
    const cases: [unknown, string][] = [
      [item({ name: "   " }), "Integration name is required"],
      [{ description: "x", prompt: PROMPT }, "Integration name is required"],
      [item({ description: "" }), "Integration description is required"],
      [item({ prompt: `  ${"x".repeat(49)}  ` }), "Integration prompt must be at least 50 characters"],
      [
        item({
          required_secrets: [{ name: " ", description: "a key without a name" }],
        }),
        "Secret name is required",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(token, body);
      expect(res.status, message).toBe(400);
      expect(res.body.detail).toContain(message);
    }
    const mine = (
      (await call("GET", CATALOG, { token })).body as {
        is_user_the_owner: boolean;
      }[]
    ).filter((e) => e.is_user_the_owner);
    expect(mine).toEqual([]);
  });

  it("trims values, drops blank asks and secrets, defaults to public and backend functions, and starts pending", async () => {
    const { token, email } = await signedIn("catalog-create");
    const res = await create(token, {
      name: "  Acme  ",
      description: " Talk to Acme ",
      prompt: `  ${PROMPT}  `,
      example_asks: ["  Send an Acme ping  ", "   ", ""],
      required_secrets: [
        { name: " ACME_API_KEY ", description: "  From acme.dev  " },
        { name: "  ", description: "" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-z]{26}$/);
    expect(res.body).toMatchObject({
      upvotes: 0,
      is_user_the_owner: true,
      can_edit: true,
      user_info: { email },
      item: {
        id: res.body.id,
        name: "Acme",
        description: "Talk to Acme",
        prompt: PROMPT,
        example_asks: ["Send an Acme ping"],
        required_secrets: [{ name: "ACME_API_KEY", description: "From acme.dev" }],
        requires_backend_functions: true,
        is_private: false,
        official: false,
        status: "pending",
        owner_email: email,
      },
    });
    expect(await listed(token)).toContain(res.body.id);
  });
});

describe("who may open, list and vote on an item", () => {
  it("a pending item is hidden from strangers (open, list, vote, build), shown to its owner, invited admins and platform admins", async () => {
    const owner = await signedIn("catalog-owner");
    const stranger = await signedIn("catalog-stranger");
    const invited = await signedIn("catalog-invited");
    const admin = await tokenFor("admin@kiln.local");
    const id = (await create(owner.token, item())).body.id as string;

    expect((await open(stranger.token, id)).status).toBe(404);
    expect(await listed(stranger.token)).not.toContain(id);
    expect((await call("POST", `${CATALOG}/${id}/upvote`, { token: stranger.token })).status).toBe(404);
    expect(
      (
        await call("POST", "/api/apps", {
          token: stranger.token,
          body: { user_description: "A shop", integrations: [id] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call("PUT", `${CATALOG}/${id}`, {
          token: stranger.token,
          body: { name: "Mine now" },
        })
      ).status,
    ).toBe(404);

    expect((await open(admin, id)).status).toBe(200);
    expect(await listed(admin)).toContain(id);
    // A platform admin reviews; editing stays with the owner and the admins they invite.
    expect(
      (
        await call("PUT", `${CATALOG}/${id}`, {
          token: admin,
          body: { name: "Renamed" },
        })
      ).status,
    ).toBe(403);

    for (const bad of ["", "   ", "no-at-sign"]) {
      const res = await call("POST", `${CATALOG}/${id}/invite`, {
        token: owner.token,
        body: { email: bad },
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain("Please enter a valid email address");
    }
    expect(
      (
        await call("POST", `${CATALOG}/${id}/invite`, {
          token: stranger.token,
          body: { email: stranger.email },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call("POST", `${CATALOG}/${id}/invite`, {
          token: owner.token,
          body: { email: invited.email.toUpperCase() },
        })
      ).status,
    ).toBe(200);
    expect(await listed(invited.token)).toContain(id);
    const edited = await call("PUT", `${CATALOG}/${id}`, {
      token: invited.token,
      body: { name: "  Acme Cloud ", example_asks: ["Ping", " "] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      is_user_the_owner: false,
      can_edit: true,
      item: {
        name: "Acme Cloud",
        example_asks: ["Ping"],
        description: "Talk to Acme",
        status: "pending",
      },
    });
    // Visibility, invitations and archiving are the owner's alone.
    expect(
      (
        await call("POST", `${CATALOG}/${id}/visibility`, {
          token: invited.token,
          body: { is_private: true },
        })
      ).status,
    ).toBe(403);
    expect((await call("POST", `${CATALOG}/${id}/archive`, { token: invited.token })).status).toBe(403);
    expect((await open(stranger.token, id)).status).toBe(404);
  });

  it("an approved item made private leaves the list and can no longer be opened by others", async () => {
    const owner = await signedIn("catalog-private");
    const other = await signedIn("catalog-other");
    const admin = await tokenFor("admin@kiln.local");
    const id = (await create(owner.token, item())).body.id as string;
    expect((await call("POST", `${CATALOG}/${id}/approve`, { token: admin })).status).toBe(200);
    expect((await open(other.token, id)).status).toBe(200);
    expect(await listed(other.token)).toContain(id);

    const hidden = await call("POST", `${CATALOG}/${id}/visibility`, {
      token: owner.token,
      body: { is_private: true },
    });
    expect(hidden.body.item.is_private).toBe(true);
    expect((await open(other.token, id)).status).toBe(404);
    expect(await listed(other.token)).not.toContain(id);
    expect(
      (
        await call("POST", `${CATALOG}/${id}/visibility`, {
          token: owner.token,
          body: { is_private: false },
        })
      ).body.item.is_private,
    ).toBe(false);
    expect(await listed(other.token)).toContain(id);
  });

  it("counts one vote per user: a repeat keeps the count, un-voting takes it back, and the counter never drifts under a burst", async () => {
    const owner = await signedIn("catalog-votes");
    const voter = await signedIn("catalog-voter");
    const admin = await tokenFor("admin@kiln.local");
    const id = (await create(owner.token, item())).body.id as string;
    await call("POST", `${CATALOG}/${id}/approve`, { token: admin });
    const vote = (token: string, body?: unknown) => call("POST", `${CATALOG}/${id}/upvote`, { token, body });

    expect((await vote(voter.token)).body).toEqual({
      upvotes: 1,
      did_current_user_upvote: true,
    });
    expect((await vote(voter.token, { upvote: true })).body).toEqual({
      upvotes: 1,
      did_current_user_upvote: true,
    });
    expect((await vote(owner.token, { upvote: true })).body).toEqual({
      upvotes: 2,
      did_current_user_upvote: true,
    });
    expect((await open(voter.token, id)).body).toMatchObject({
      upvotes: 2,
      did_current_user_upvote: true,
    });
    expect((await vote(voter.token)).body).toEqual({
      upvotes: 1,
      did_current_user_upvote: false,
    });
    expect((await vote(voter.token, { upvote: false })).body).toEqual({
      upvotes: 1,
      did_current_user_upvote: false,
    });

    const burst = await Promise.all(Array.from({ length: 6 }, () => vote(voter.token, { upvote: true })));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await open(voter.token, id)).body).toMatchObject({
      upvotes: 2,
      did_current_user_upvote: true,
    });
    expect((await vote(voter.token, { upvote: "yes" })).status).toBe(400);
  });
});

describe("POST …/approve", () => {
  it("only a platform admin approves; a public item's owner gets 250 extra credits exactly once", async () => {
    const owner = await signedIn("catalog-reward");
    const admin = await tokenFor("admin@kiln.local");
    const id = (await create(owner.token, item({ name: "Rewarded" }))).body.id as string;
    const before = await extraCredits(owner.token);

    expect((await call("POST", `${CATALOG}/${id}/approve`, { token: owner.token })).status).toBe(403);
    expect(await extraCredits(owner.token)).toBe(before);

    const approvals = await Promise.all([1, 2, 3].map(() => call("POST", `${CATALOG}/${id}/approve`, { token: admin })));
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(approvals.find((r) => r.status === 200)!.body.item.status).toBe("approved");
    expect(await extraCredits(owner.token)).toBe(before + 250);
    expect((await call("POST", `${CATALOG}/${id}/approve`, { token: admin })).status).toBe(409);
    expect(await extraCredits(owner.token)).toBe(before + 250);
    const grants = (
      await call("GET", `/api/credits/${owner.user.id}/bonus-credits`, {
        token: admin,
      })
    ).body as { reason: string; num_messages: number }[];
    expect(grants.filter((g) => g.reason === "Integration approved: Rewarded")).toEqual([expect.objectContaining({ num_messages: 250 })]);
  });

  it("approving a private item rewards nothing", async () => {
    const owner = await signedIn("catalog-private-reward");
    const admin = await tokenFor("admin@kiln.local");
    const id = (await create(owner.token, item({ is_private: true }))).body.id as string;
    const before = await extraCredits(owner.token);
    expect((await call("POST", `${CATALOG}/${id}/approve`, { token: admin })).body.item).toMatchObject({ status: "approved", is_private: true });
    expect(await extraCredits(owner.token)).toBe(before);
  });
});

describe("POST …/archive", () => {
  it("the owner's archive removes the item for everyone, with its votes", async () => {
    const owner = await signedIn("catalog-archive");
    const admin = await tokenFor("admin@kiln.local");
    const id = (await create(owner.token, item())).body.id as string;
    await call("POST", `${CATALOG}/${id}/approve`, { token: admin });
    await call("POST", `${CATALOG}/${id}/upvote`, { token: owner.token });

    expect((await call("POST", `${CATALOG}/${id}/archive`, { token: admin })).status).toBe(403);
    const archived = await call("POST", `${CATALOG}/${id}/archive`, {
      token: owner.token,
    });
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ id, archived: true });
    expect((await open(owner.token, id)).status).toBe(404);
    expect((await open(admin, id)).status).toBe(404);
    expect(await listed(owner.token)).not.toContain(id);
    expect((await call("POST", `${CATALOG}/${id}/upvote`, { token: owner.token })).status).toBe(404);
    expect((await call("POST", `${CATALOG}/${id}/archive`, { token: owner.token })).status).toBe(404);
  });
});
