import { beforeAll, describe, expect, it } from "vitest";
import { builtApp, call, signedIn } from "../api/helpers";
import { failure, sdkClient as client } from "./sdk";

/**
 * The real @base44/sdk (pinned 0.8.50) reading and writing a Kiln app's records: the
 * entity calls code written for Base44 makes, unchanged, against the local stack
 * (reference/base44-sdk-wire.md §2).
 */

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;
let base44: ReturnType<typeof client>;

beforeAll(async () => {
  owner = await signedIn("sdk-entities");
  appId = (await builtApp(owner.token)).id;
  base44 = client(appId, owner.token);
}, 60_000);

describe("entity CRUD through @base44/sdk", () => {
  it("create → get → update (merge) → delete, with the server fields", async () => {
    const { Deal } = base44.entities;
    const deal = await Deal.create({ title: "SDK deal", value: 120, ignored: "dropped" });
    expect(deal).toMatchObject({ title: "SDK deal", value: 120, stage: "prospect", created_by: owner.email, is_sample: false });
    expect(deal).toEqual(expect.objectContaining({ id: expect.any(String), created_date: expect.any(String), updated_date: expect.any(String), created_by_id: expect.any(String) }));
    expect(deal).not.toHaveProperty("ignored");
    expect(await Deal.get(deal.id)).toEqual(deal);
    const updated = await Deal.update(deal.id, { stage: "won" });
    expect(updated).toMatchObject({ id: deal.id, title: "SDK deal", value: 120, stage: "won" });
    expect(await Deal.delete(deal.id)).toEqual({ success: true });
    const gone = await failure(Deal.get(deal.id));
    expect(gone.status).toBe(404);
    expect(gone.message).toBe(`Entity Deal with ID ${deal.id} not found`);
  });

  it("errors surface as Base44Error with status and message: 422, unknown entity 404", async () => {
    const invalid = await failure(base44.entities.Deal.create({ title: "x", value: "a lot" }));
    expect(invalid.status).toBe(422);
    expect(invalid.message).toBe('Field "value" must be a number');
    const missing = await failure(base44.entities.Deal.create({ value: 1 }));
    expect(missing.message).toBe('Field "title" is required');
    const unknown = await failure(base44.entities.Unicorn.list());
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe("Entity Unicorn not found");
  });

  it("a private app refuses a client without a token: 403 with extra_data.reason auth_required", async () => {
    const err = await failure(client(appId).entities.Deal.list());
    expect(err.status).toBe(403);
    expect((err.data as { extra_data: { reason: string } }).extra_data.reason).toBe("auth_required");
  });

  it("another builder's token is refused with 403", async () => {
    const stranger = await signedIn("sdk-stranger");
    const err = await failure(client(appId, stranger.token).entities.Deal.list());
    expect(err.status).toBe(403);
  });
});

describe("list and filter through @base44/sdk", () => {
  const Task = () => base44.entities.Task;
  let made: { id: string; title: string; status: string; due_date?: string }[];

  beforeAll(async () => {
    made = await Task().bulkCreate([
      { title: "Write the spec", status: "done", due_date: "2026-01-10", notes: "alpha beta" },
      { title: "Call the client back", status: "todo", due_date: "2026-02-01" },
      { title: "Send the invoice", status: "in_progress", due_date: "2026-01-20" },
      { title: "Call the bank", status: "todo", due_date: "2026-03-05" },
    ]);
    expect(made).toHaveLength(4);
  });

  const titles = (list: Record<string, unknown>[]) => list.map((t) => t.title);

  it("list(sort, limit, skip, fields)", async () => {
    expect(titles(await Task().list())).toEqual(titles(made).reverse());
    expect(titles(await Task().list("due_date"))).toEqual(["Write the spec", "Send the invoice", "Call the client back", "Call the bank"]);
    expect(titles(await Task().list("-due_date", 2, 1))).toEqual(["Call the client back", "Send the invoice"]);
    const slim = await Task().list("title", 1, 0, ["title"]);
    expect(slim).toEqual([{ id: made[3].id, title: "Call the bank" }]);
  });

  it("filter with values holding spaces, $or, $regex, $in, $gte/$lt, $ne, $exists, array shorthand", async () => {
    expect(titles(await Task().filter({ title: "Call the bank" }))).toEqual(["Call the bank"]);
    expect(titles(await Task().filter({ notes: "alpha beta" }))).toEqual(["Write the spec"]);
    expect(titles(await Task().filter({ $or: [{ status: "done" }, { title: { $regex: "^Call the b" } }] }, "title"))).toEqual(["Call the bank", "Write the spec"]);
    expect(titles(await Task().filter({ title: { $regex: "call", $options: "i" } }, "-due_date"))).toEqual(["Call the bank", "Call the client back"]);
    expect(titles(await Task().filter({ status: { $in: ["todo", "in_progress"] }, due_date: { $gte: "2026-01-15", $lt: "2026-03-01" } }, "due_date"))).toEqual([
      "Send the invoice",
      "Call the client back",
    ]);
    expect(titles(await Task().filter({ status: { $ne: "todo" }, notes: { $exists: true } }))).toEqual(["Write the spec"]);
    expect(titles(await Task().filter({ status: ["done", "in_progress"] }, "title"))).toEqual(["Send the invoice", "Write the spec"]);
    expect(titles(await Task().filter({ $and: [{ status: "todo" }, { title: { $nin: ["Call the bank"] } }] }))).toEqual(["Call the client back"]);
  });

  it("list({cursor}) and filter(q, {cursor}) page through v2 with next_cursor and has_more", async () => {
    const seen: unknown[] = [];
    let page = await Task().list({ limit: 3, sort: "due_date" });
    seen.push(...titles(page.items));
    expect(page.has_more).toBe(true);
    while (page.next_cursor) {
      page = await Task().list({ limit: 3, cursor: page.next_cursor });
      seen.push(...titles(page.items));
    }
    expect(seen).toEqual(["Write the spec", "Send the invoice", "Call the client back", "Call the bank"]);
    expect(page).toMatchObject({ has_more: false, next_cursor: null });

    const q = { title: { $regex: "^Call the" } };
    const first = await Task().filter(q, { limit: 1, sort: "-due_date", fields: ["title"] });
    expect(first.items).toEqual([{ id: made[3].id, title: "Call the bank" }]);
    const second = await Task().filter(q, { limit: 1, sort: "-due_date", fields: ["title"], cursor: first.next_cursor });
    expect(second).toEqual({ items: [{ id: made[1].id, title: "Call the client back" }], next_cursor: null, has_more: false });
    const mismatch = await failure(Task().filter({ status: "done" }, { limit: 1, cursor: first.next_cursor }));
    expect(mismatch.status).toBe(400);
  });

  it("list({distinct})", async () => {
    expect((await Task().list({ distinct: "status" })).items).toEqual(["done", "in_progress", "todo"]);
    expect((await Task().filter({ title: { $regex: "^Call" } }, { distinct: "status" })).items).toEqual(["todo"]);
  });

  it("count(query)", async () => {
    expect(await Task().count()).toBeGreaterThanOrEqual(4);
    expect(await Task().count({ title: "Call the bank" })).toBe(1);
  });

  it("aggregate(spec)", async () => {
    const { rows, truncated } = await Task().aggregate({ query: { title: { $in: titles(made) } }, groupBy: "status", count: true });
    expect(truncated).toBe(false);
    expect(rows).toEqual([
      { status: "done", count: 1 },
      { status: "in_progress", count: 1 },
      { status: "todo", count: 2 },
    ]);
  });
});

describe("bulk writes through @base44/sdk", () => {
  it("bulkUpdate, updateMany (operators, has_more) and deleteMany", async () => {
    const { Customer } = base44.entities;
    const tag = `sdk-${Date.now()}`;
    const rows = await Customer.bulkCreate([
      { name: "Ann", company: tag },
      { name: "Ben", company: tag },
      { name: "Cy", company: tag },
    ]);
    const bulk = await Customer.bulkUpdate([
      { id: rows[0].id, status: "active" },
      { id: rows[1].id, phone: "555-0101" },
    ]);
    expect(bulk.map((c: { status: string; phone?: string }) => [c.status, c.phone])).toEqual([
      ["active", undefined],
      ["lead", "555-0101"],
    ]);
    const many = await Customer.updateMany({ company: tag, status: "lead" }, { $set: { status: "churned", notes: "swept" } });
    expect(many).toEqual({ success: true, updated: 2, has_more: false });
    expect((await Customer.filter({ company: tag }, "name")).map((c) => c.status)).toEqual(["active", "churned", "churned"]);
    expect(await Customer.deleteMany({ company: tag, status: "churned" })).toEqual({ success: true, deleted: 2 });
    expect(await Customer.count({ company: tag })).toBe(1);
  });

  it("upsert(records, {key}) updates by key and creates the rest", async () => {
    const { Customer } = base44.entities;
    const email = `u-${Date.now()}@example.com`;
    const first = await Customer.upsert([{ name: "Key One", email }], { key: "email" });
    expect(first).toMatchObject({ created: 1, updated: 0 });
    const second = await Customer.upsert(
      [
        { name: "Key One", email, company: "Renamed Co" },
        { name: "Key Two", email: `two-${email}` },
      ],
      { key: ["email"] },
    );
    expect(second).toMatchObject({ created: 1, updated: 1 });
    expect(second.records[0]).toMatchObject({ id: first.records[0].id, company: "Renamed Co" });
  });

  it("importEntities(file) reads a CSV File", async () => {
    const file = new File(["name,email,status\nImported One,one@example.com,active\nImported Two,,\n"], "customers.csv", { type: "text/csv" });
    const result = await base44.entities.Customer.importEntities(file);
    expect(result.status).toBe("success");
    expect(result.output?.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["Imported One", "active"],
      ["Imported Two", "lead"],
    ]);
    const bad = await base44.entities.Customer.importEntities(new File(["name,status\nNope,sideways\n"], "bad.csv", { type: "text/csv" }));
    expect(bad).toEqual({ status: "error", details: 'Record 1: Field "status" must be one of "lead", "active", "churned"', output: null });
  });
});

describe("visitors through @base44/sdk", () => {
  it("a public_without_login app serves a client with no token", async () => {
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
    const visitor = client(appId);
    const task = await visitor.entities.Task.create({ title: "From a visitor" });
    expect(task).toMatchObject({ created_by: null, created_by_id: null });
    expect(await visitor.entities.Task.count({ title: "From a visitor" })).toBe(1);
    expect(await visitor.entities.Task.delete(task.id)).toEqual({ success: true });
  });
});
