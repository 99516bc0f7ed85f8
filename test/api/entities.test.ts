import { beforeAll, describe, expect, it } from "vitest";
import { ents, ids, qs, simpleApp } from "./entities-helpers";
import { apiUrl, builtApp, call, signedIn } from "./helpers";

/** The entity API of a generated app (reference/base44-sdk-wire.md §2), driven over HTTP as the SDK drives it, by the app's builder. */

describe("the entity API, called by the app's builder", () => {
  let token: string;
  let email: string;
  let appId: string;

  beforeAll(async () => {
    ({ token, email } = await signedIn("entities"));
    const app = await builtApp(token);
    appId = app.id;
    expect(Object.keys(app.entities)).toEqual(expect.arrayContaining(["Customer", "Deal", "Task"]));
  });

  it("create answers 201 with the record: server fields, defaults, unknown fields dropped", async () => {
    const res = await call("POST", ents(appId, "Task"), { token, body: { title: "Call Ada", bogus: 1, id: "mine", created_by: "evil@x" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "Call Ada", status: "todo", created_by: email, is_sample: false });
    expect(res.body.id).toMatch(/^[0-9a-z]{26}$/);
    expect(res.body.created_by_id).toEqual(expect.any(String));
    expect(res.body.created_date).toBe(res.body.updated_date);
    expect(new Date(res.body.created_date).toISOString()).toBe(res.body.created_date);
    expect(res.body).not.toHaveProperty("bogus");
  });

  it("get, update (merge), delete; then 404 with the SDK's message", async () => {
    const created = (await call("POST", ents(appId, "Task"), { token, body: { title: "Merge me", notes: "keep" } })).body;
    expect((await call("GET", ents(appId, "Task", `/${created.id}`), { token })).body).toEqual(created);
    const updated = await call("PUT", ents(appId, "Task", `/${created.id}`), { token, body: { status: "done", nope: true } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, title: "Merge me", notes: "keep", status: "done", created_date: created.created_date });
    expect(updated.body.updated_date >= created.updated_date).toBe(true);
    expect(updated.body).not.toHaveProperty("nope");
    expect((await call("DELETE", ents(appId, "Task", `/${created.id}`), { token })).body).toEqual({ success: true });
    const gone = await call("GET", ents(appId, "Task", `/${created.id}`), { token });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: `Entity Task with ID ${created.id} not found`, detail: `Entity Task with ID ${created.id} not found` });
    expect((await call("PUT", ents(appId, "Task", `/${created.id}`), { token, body: { status: "todo" } })).status).toBe(404);
    expect((await call("DELETE", ents(appId, "Task", `/${created.id}`), { token })).status).toBe(404);
  });

  it("schema answers the entity's JSON Schema", async () => {
    const res = await call("GET", ents(appId, "Task", "/schema"), { token });
    expect(res.body).toMatchObject({ name: "Task", type: "object", required: ["title"], properties: { status: { enum: ["todo", "in_progress", "done"] } } });
  });

  it("an unknown entity answers 404 {detail: 'Entity X not found'}", async () => {
    const res = await call("GET", ents(appId, "Unicorn"), { token });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("Entity Unicorn not found");
    expect((await call("POST", ents(appId, "Unicorn"), { token, body: {} })).status).toBe(404);
  });

  it("schema violations answer 422 naming the field, and store nothing", async () => {
    const before = (await call("GET", ents(appId, "Deal", "/count"), { token })).body.count;
    const cases: [object, string][] = [
      [{ title: "x", value: "10" }, 'Field "value" must be a number'],
      [{ title: "x", stage: "maybe" }, 'Field "stage" must be one of'],
      [{ value: 3 }, 'Field "title" is required'],
      [{ title: "x", close_date: "soon" }, 'Field "close_date" must be a date'],
      [{ title: "x", value: 1e300 }, 'Field "value" holds a number too large or too small to store'],
    ];
    for (const [body, message] of cases) {
      const res = await call("POST", ents(appId, "Deal"), { token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toContain(message);
    }
    const bulk = await call("POST", ents(appId, "Deal", "/bulk"), { token, body: [{ title: "ok" }, { title: "bad", value: "1" }] });
    expect(bulk.status).toBe(422);
    expect(bulk.body.message).toBe('Record 2: Field "value" must be a number');
    expect((await call("GET", ents(appId, "Deal", "/count"), { token })).body.count).toBe(before);
  });

  it("bad bodies answer 4xx and change nothing", async () => {
    const task = (await call("POST", ents(appId, "Task"), { token, body: { title: "Stable" } })).body;
    const bad: [string, string, { body?: unknown; rawBody?: string }][] = [
      ["POST", "", { rawBody: "{not json" }],
      ["POST", "", { body: [1, 2] }],
      ["POST", "/bulk", { body: { title: "not an array" } }],
      ["PUT", `/${task.id}`, { body: "a string" }],
      ["PUT", "/bulk", { body: [{ title: "no id" }] }],
      ["PATCH", "/update-many", { body: { query: {}, data: { $set: { status: "done" }, $where: "1" } } }],
      ["PATCH", "/update-many", { body: { query: {}, data: { $set: { id: "x" } } } }],
      ["PATCH", "/update-many", { body: { data: { $set: { status: "done" } } } }],
      ["DELETE", "", { rawBody: "" }],
      ["DELETE", "", { body: { $where: "this.title" } }],
      ["POST", "/upsert", { body: { records: [{ title: "x" }] } }],
      ["GET", `?q=${encodeURIComponent("{bad")}`, {}],
      ["GET", `?q=${encodeURIComponent('{"$where":"1"}')}`, {}],
      ["GET", "?sort=title;drop", {}],
      ["GET", "?limit=abc", {}],
      ["GET", "/v2/list?cursor=garbage", {}],
      ["GET", `/v2/list?cursor=${Buffer.from(JSON.stringify({ k: "records", q: null, s: "-created_date", f: null, a: [null, ""] })).toString("base64url")}`, {}],
      ["GET", `/${"x".repeat(2000)}`, {}],
      ["PUT", "/bulk", { body: [{ id: "", title: "x" }] }],
      ["POST", "/import", { body: { file: "x" } }],
    ];
    for (const [method, rest, opts] of bad) {
      const res = await call(method, ents(appId, "Task", rest), { token, ...opts });
      expect(res.status, `${method} ${rest} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${rest}`).toBeLessThan(500);
      expect(res.body.message, `${method} ${rest}`).toEqual(expect.any(String));
    }
    expect((await call("GET", ents(appId, "Task", `/${task.id}`), { token })).body).toEqual(task);
  });

  describe("list and filter", () => {
    let deals: any[];

    beforeAll(async () => {
      const res = await call("POST", ents(appId, "Deal", "/bulk"), {
        token,
        body: [
          { title: "Big deal", value: 500, stage: "won" },
          { title: "Small deal", value: 50, stage: "lost" },
          { title: "Big fish", value: 900, stage: "proposal" },
          { title: "Medium deal", value: 200, stage: "qualified" },
          { title: "Tiny", value: 5 },
        ],
      });
      expect(res.status).toBe(201);
      deals = res.body;
      expect(deals.map((d) => d.stage)).toEqual(["won", "lost", "proposal", "qualified", "prospect"]);
    });

    it("list answers a plain array, newest first by default", async () => {
      const res = await call("GET", ents(appId, "Deal"), { token });
      expect(Array.isArray(res.body)).toBe(true);
      expect(ids(res.body).slice(0, 5)).toEqual(ids(deals).reverse());
    });

    it("q is form-decoded JSON: a value with spaces (sent as +) matches", async () => {
      const path = ents(appId, "Deal", qs({ q: { title: "Big deal" } }));
      expect(path).toContain("Big+deal");
      const res = await call("GET", path, { token });
      expect(ids(res.body)).toEqual([deals[0].id]);
    });

    it("q with $or, $regex, $in, comparison operators and $not", async () => {
      const get = async (q: object, sort = "value") => ids((await call("GET", ents(appId, "Deal", qs({ q, sort })), { token })).body);
      expect(await get({ $or: [{ stage: "won" }, { value: { $lt: 10 } }] })).toEqual([deals[4].id, deals[0].id]);
      expect(await get({ title: { $regex: "^Big" } })).toEqual([deals[0].id, deals[2].id]);
      expect(await get({ title: { $regex: "deal$", $options: "i" }, value: { $gte: 100 } })).toEqual([deals[3].id, deals[0].id]);
      expect(await get({ stage: { $in: ["lost", "qualified"] } })).toEqual([deals[1].id, deals[3].id]);
      expect(await get({ stage: ["lost", "qualified"] })).toEqual([deals[1].id, deals[3].id]);
      expect(await get({ value: { $not: { $gt: 100 } }, title: { $nin: ["Tiny"] } })).toEqual([deals[1].id]);
      expect(await get({ notes: null, value: { $gt: 800 } })).toEqual([deals[2].id]);
    });

    it("sort ±field, limit, skip and fields (id always kept)", async () => {
      const q = { value: { $exists: true }, title: { $ne: "x" } };
      const asc = (await call("GET", ents(appId, "Deal", qs({ q, sort: "value" })), { token })).body;
      expect(asc.map((d: any) => d.value)).toEqual([5, 50, 200, 500, 900]);
      const desc = (await call("GET", ents(appId, "Deal", qs({ q, sort: "-value", limit: "2", skip: "1" })), { token })).body;
      expect(desc.map((d: any) => d.value)).toEqual([500, 200]);
      const plus = (await call("GET", ents(appId, "Deal", qs({ q, sort: "+title", fields: "title,value" })), { token })).body;
      expect(plus.map((d: any) => d.title)).toEqual(["Big deal", "Big fish", "Medium deal", "Small deal", "Tiny"]);
      expect(Object.keys(plus[0]).sort()).toEqual(["id", "title", "value"]);
      const oldest = (await call("GET", ents(appId, "Deal", qs({ q, sort: "created_date", limit: "1" })), { token })).body;
      expect(ids(oldest)).toEqual([deals[0].id]);
    });

    it("sort by updated_date follows the latest change", async () => {
      await call("PUT", ents(appId, "Deal", `/${deals[1].id}`), { token, body: { notes: "touched" } });
      const res = (await call("GET", ents(appId, "Deal", qs({ sort: "-updated_date", limit: "1" })), { token })).body;
      expect(ids(res)).toEqual([deals[1].id]);
    });

    it("count answers {count}, with q", async () => {
      expect((await call("GET", ents(appId, "Deal", `/count${qs({ q: { title: { $regex: "deal" } } })}`), { token })).body).toEqual({ count: 3 });
    });

    it("v2/list walks every page with an opaque cursor, in any sort", async () => {
      const q = { value: { $gte: 0 } };
      for (const sort of ["-created_date", "value", "-updated_date"]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const params: Record<string, unknown> = { q, limit: "2", sort };
          if (cursor) params.cursor = cursor;
          const res = await call("GET", ents(appId, "Deal", `/v2/list${qs(params)}`), { token });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(Object.keys(res.body).sort()).toEqual(["has_more", "items", "next_cursor"]);
          expect(res.body.has_more).toBe(res.body.next_cursor !== null);
          seen.push(...ids(res.body.items));
          cursor = res.body.next_cursor;
          pages++;
        } while (cursor);
        expect(pages, sort).toBe(3);
        expect(new Set(seen).size).toBe(5);
        if (sort === "value") expect(seen).toEqual([deals[4], deals[1], deals[3], deals[0], deals[2]].map((d) => d.id));
      }
    });

    it("a cursor carries its query: later pages need only cursor and limit, and a different query is refused", async () => {
      const first = (await call("GET", ents(appId, "Deal", `/v2/list${qs({ q: { title: { $regex: "deal" } }, sort: "title", limit: "2", fields: "title" })}`), { token })).body;
      expect(first.items.map((d: any) => d.title)).toEqual(["Big deal", "Medium deal"]);
      const next = (await call("GET", ents(appId, "Deal", `/v2/list${qs({ cursor: first.next_cursor, limit: "2" })}`), { token })).body;
      expect(next).toEqual({ items: [{ id: deals[1].id, title: "Small deal" }], next_cursor: null, has_more: false });
      const other = await call("GET", ents(appId, "Deal", `/v2/list${qs({ cursor: first.next_cursor, q: { stage: "won" } })}`), { token });
      expect(other.status).toBe(400);
    });

    it("v2/list distinct answers a field's values ascending, paged", async () => {
      const first = (await call("GET", ents(appId, "Deal", `/v2/list${qs({ distinct: "stage", limit: "3" })}`), { token })).body;
      expect(first.items).toEqual(["lost", "proposal", "prospect"]);
      expect(first.has_more).toBe(true);
      const rest = (await call("GET", ents(appId, "Deal", `/v2/list${qs({ cursor: first.next_cursor, limit: "3" })}`), { token })).body;
      expect(rest).toEqual({ items: ["qualified", "won"], next_cursor: null, has_more: false });
    });

    it("aggregate groups and measures the records", async () => {
      const res = await call("POST", ents(appId, "Deal", "/aggregate"), { token, body: { query: { value: { $gte: 50 } }, groupBy: "stage", sum: "value", sort: "-sum_value", limit: 2 } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ rows: [{ stage: "proposal", count: 1, sum_value: 900 }, { stage: "won", count: 1, sum_value: 500 }], truncated: true });
    });
  });

  it("bulkUpdate changes each record by id; an unknown id refuses the whole call", async () => {
    const made = (await call("POST", ents(appId, "Customer", "/bulk"), { token, body: [{ name: "A" }, { name: "B" }] })).body;
    const res = await call("PUT", ents(appId, "Customer", "/bulk"), { token, body: [{ id: made[0].id, status: "active" }, { id: made[1].id, company: "Acme" }] });
    expect(res.status).toBe(200);
    expect(res.body.map((c: any) => [c.name, c.status, c.company])).toEqual([["A", "active", undefined], ["B", "lead", "Acme"]]);
    const refused = await call("PUT", ents(appId, "Customer", "/bulk"), { token, body: [{ id: made[0].id, status: "churned" }, { id: "01nosuchrecord0000000000000", status: "churned" }] });
    expect(refused.status).toBe(404);
    expect((await call("GET", ents(appId, "Customer", `/${made[0].id}`), { token })).body.status).toBe("active");
  });

  it("update-many applies Mongo update operators to the matching records", async () => {
    const tag = `batch-${Date.now()}`;
    await call("POST", ents(appId, "Customer", "/bulk"), { token, body: [{ name: "U1", company: tag }, { name: "U2", company: tag }, { name: "U3", company: "other" }] });
    const res = await call("PATCH", ents(appId, "Customer", "/update-many"), { token, body: { query: { company: tag }, data: { $set: { status: "churned", notes: "bulk" } } } });
    expect(res.body).toEqual({ success: true, updated: 2, has_more: false });
    const after = (await call("GET", ents(appId, "Customer", qs({ q: { company: tag } })), { token })).body;
    expect(after.map((c: any) => [c.status, c.notes])).toEqual([["churned", "bulk"], ["churned", "bulk"]]);
    const typeError = await call("PATCH", ents(appId, "Customer", "/update-many"), { token, body: { query: { company: tag }, data: { $set: { status: "gone" } } } });
    expect(typeError.status).toBe(422);
    const inc = await call("PATCH", ents(appId, "Deal", "/update-many"), { token, body: { query: { title: "Tiny" }, data: { $inc: { value: 10 } } } });
    expect(inc.body.updated).toBe(1);
    expect((await call("GET", ents(appId, "Deal", qs({ q: { title: "Tiny" } })), { token })).body[0].value).toBe(15);
  });

  it("concurrent writes to one record are all kept: merges of different fields, and $inc", async () => {
    const customer = (await call("POST", ents(appId, "Customer"), { token, body: { name: "Racy" } })).body;
    const fields = { email: "racy@x.io", phone: "555", company: "Race Inc", notes: "n", status: "active" };
    const answers = await Promise.all(Object.entries(fields).map(([k, v]) => call("PUT", ents(appId, "Customer", `/${customer.id}`), { token, body: { [k]: v } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await call("GET", ents(appId, "Customer", `/${customer.id}`), { token })).body).toMatchObject({ name: "Racy", ...fields });

    const deal = (await call("POST", ents(appId, "Deal"), { token, body: { title: `Counter ${customer.id}`, value: 0 } })).body;
    const incs = await Promise.all(Array.from({ length: 5 }, () => call("PATCH", ents(appId, "Deal", "/update-many"), { token, body: { query: { title: deal.title }, data: { $inc: { value: 1 } } } })));
    expect(incs.map((a) => a.body.updated)).toEqual([1, 1, 1, 1, 1]);
    expect((await call("GET", ents(appId, "Deal", `/${deal.id}`), { token })).body.value).toBe(5);
  });

  it("deleteMany takes a JSON query body and answers {success, deleted}", async () => {
    const tag = `gone-${Date.now()}`;
    await call("POST", ents(appId, "Customer", "/bulk"), { token, body: [{ name: "D1", notes: tag }, { name: "D2", notes: tag }, { name: "Keep", notes: "stay" }] });
    const res = await call("DELETE", ents(appId, "Customer"), { token, body: { notes: tag } });
    expect(res.body).toEqual({ success: true, deleted: 2 });
    expect((await call("GET", ents(appId, "Customer", `/count${qs({ q: { notes: { $in: [tag, "stay"] } } })}`), { token })).body.count).toBe(1);
  });

  it("a body that is not a JSON query is a 400 and deletes nothing (multipart, form, other types, not JSON)", async () => {
    await call("POST", ents(appId, "Deal", "/bulk"), { token, body: [{ title: "Keep 1" }, { title: "Keep 2" }] });
    const count = async () => (await call("GET", ents(appId, "Deal", "/count"), { token })).body.count as number;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(2);
    const bodies: [string, string][] = [
      ["multipart/form-data; boundary=XX", "--XX--"],
      ["multipart/form-data; boundary=XX", '--XX\r\nContent-Disposition: form-data; name="title"\r\n\r\nKeep 1\r\n--XX--\r\n'],
      ["application/x-www-form-urlencoded", "title=Keep+1"],
      ["application/octet-stream", "{}"],
      ["text/plain", "--XX--"],
      ["application/json", "--XX--"],
    ];
    for (const [type, rawBody] of bodies) {
      for (const [method, rest] of [["DELETE", ""], ["PATCH", "/update-many"], ["POST", "/aggregate"]]) {
        const res = await call(method, ents(appId, "Deal", rest), { token, rawBody, headers: { "content-type": type } });
        expect(res.status, `${method} ${rest} ${type} ${rawBody}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.detail, type).toMatch(/JSON/);
      }
    }
    expect(await count()).toBe(before);
  });

  it("upsert updates by key and creates the rest", async () => {
    const first = await call("POST", ents(appId, "Customer", "/upsert"), { token, body: { records: [{ name: "Up", email: "up@x.io", company: "One" }], key: "email" } });
    expect(first.body).toMatchObject({ created: 1, updated: 0, records: [{ name: "Up", company: "One" }] });
    const second = await call("POST", ents(appId, "Customer", "/upsert"), {
      token,
      body: { records: [{ name: "Up", email: "up@x.io", company: "Two" }, { name: "New", email: "new@x.io" }], key: ["email"] },
    });
    expect(second.body).toMatchObject({ created: 1, updated: 1 });
    expect(second.body.records[0]).toMatchObject({ id: first.body.records[0].id, company: "Two" });
    expect(second.body.records[1]).toMatchObject({ name: "New", status: "lead" });
    const missingKey = await call("POST", ents(appId, "Customer", "/upsert"), { token, body: { records: [{ name: "No email" }], key: "email" } });
    expect(missingKey.status).toBe(422);
  });

  it("import takes a multipart CSV and answers {status, details, output}", async () => {
    const form = new FormData();
    form.append("file", new Blob(["name,Email,status,Unknown\nAnn Lee,ann@x.io,active,zz\n\"Bo, Jr\",,churned,\n"], { type: "text/csv" }), "people.csv");
    const res = await fetch(`${apiUrl()}${ents(appId, "Customer", "/import")}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    const out = await res.json();
    expect(res.status).toBe(200);
    expect(out.status).toBe("success");
    expect(out.details).toBe("Successfully imported 2 Customer records");
    expect(out.output.map((c: any) => [c.name, c.email, c.status])).toEqual([["Ann Lee", "ann@x.io", "active"], ["Bo, Jr", undefined, "churned"]]);

    const bad = new FormData();
    bad.append("file", new Blob(["name,status\nX,unknown-status\n"], { type: "text/csv" }), "bad.csv");
    const refused = await (await fetch(`${apiUrl()}${ents(appId, "Customer", "/import")}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: bad })).json();
    expect(refused).toEqual({ status: "error", details: 'Record 1: Field "status" must be one of "lead", "active", "churned"', output: null });
    expect((await call("GET", ents(appId, "Customer", `/count${qs({ q: { name: "X" } })}`), { token })).body.count).toBe(0);
  });

  it("a record over 300 KB answers 413", async () => {
    const res = await call("POST", ents(appId, "Task", ""), { token, body: { title: "big", notes: "x".repeat(310_000) } });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain("records are limited to 300 KB");
  });

  it("another platform user's token is refused with 403; no token on a private app is auth_required", async () => {
    const stranger = await signedIn("stranger");
    expect((await call("GET", ents(appId, "Task"), { token: stranger.token })).status).toBe(403);
    const anon = await call("GET", ents(appId, "Task"));
    expect(anon.status).toBe(403);
    expect(anon.body.extra_data).toEqual({ reason: "auth_required", app_id: appId });
    expect((await call("GET", ents(appId, "Task"), { token: "not-a-token" })).status).toBe(401);
  });

  it("the User entity is not served by these routes", async () => {
    expect((await call("POST", ents(appId, "User"), { token, body: { full_name: "x" } })).status).toBe(400);
  });
});

describe("the 5000 cap", () => {
  it("list answers at most 5000 records whatever the limit, and bulk create takes at most 5000", async () => {
    const { token, app, entity, rows } = await simpleApp("cap");
    expect((await call("POST", ents(app.id, entity, "/bulk"), { token, body: rows(5001) })).status).toBe(400);
    expect((await call("POST", ents(app.id, entity, "/bulk"), { token, body: rows(2600) })).status).toBe(201);
    expect((await call("POST", ents(app.id, entity, "/bulk"), { token, body: rows(2600) })).status).toBe(201);
    const res = await call("GET", ents(app.id, entity, "?limit=10000"), { token });
    expect(res.body).toHaveLength(5000);
    expect((await call("GET", ents(app.id, entity, "/count"), { token })).body.count).toBe(5200);
    const page = await call("GET", ents(app.id, entity, "/v2/list?limit=9000"), { token });
    expect(page.body.items).toHaveLength(5000);
    expect(page.body.has_more).toBe(true);
  }, 120_000);
});
