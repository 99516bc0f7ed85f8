import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type Properties, columnsOf, exportFileName, fieldKind, recordFromForm, recordsToCsv, toFormValue } from "../../web/src/components/workspace/data/records";
import { staffDomain, visibleUsers } from "../../web/src/components/workspace/users/staff";

const properties: Properties = {
  title: { type: "string", title: "Title" },
  status: { type: "string", enum: ["todo", "done"] },
  done: { type: "boolean" },
  due: { type: "string", format: "date" },
  points: { type: "number" },
  tags: { type: "array", items: { type: "string" } },
};

describe("data table helpers", () => {
  it("columns follow the schema, then the creation date", () => {
    expect(columnsOf(properties).map((c) => c.label)).toEqual(["Title", "status", "done", "due", "points", "tags", "Created"]);
  });

  it("picks the input by JSON-schema type: enum select, boolean switch, date input", () => {
    expect(Object.values(properties).map(fieldKind)).toEqual(["text", "select", "switch", "date", "number", "json"]);
  });

  it("a new record leaves empty fields out; an edit sends only changes, an emptied field as null", () => {
    const values = { title: "Write", status: "", done: true, due: "2026-03-04", points: "3", tags: '["a"]' };
    expect(recordFromForm(properties, values)).toEqual({ title: "Write", done: true, due: "2026-03-04", points: 3, tags: ["a"] });

    const original = { title: "Write", status: "todo", done: true, due: "2026-03-04", points: 3, tags: ["a"] };
    const form = Object.fromEntries(Object.entries(properties).map(([f, p]) => [f, toFormValue(p, original[f as keyof typeof original])]));
    expect(recordFromForm(properties, form, original)).toEqual({});
    expect(recordFromForm(properties, { ...form, title: "", points: "4" }, original)).toEqual({ title: null, points: 4 });
    expect(() => recordFromForm(properties, { ...form, points: "many" }, original)).toThrow("points must be a number");
  });

  it("exports a CSV an import reads back: fields first, arrays as JSON", () => {
    const csv = recordsToCsv(properties, [
      { id: "r1", created_date: "2026-01-01T00:00:00.000Z", updated_date: "2026-01-01T00:00:00.000Z", created_by: "a@b.c", title: 'Say "hi", then go', status: "done", done: false, points: 2, tags: ["x", "y"] },
    ]);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true });
    expect(parsed.meta.fields).toEqual(["title", "status", "done", "due", "points", "tags", "id", "created_date", "updated_date", "created_by"]);
    expect(parsed.data[0]).toMatchObject({ title: 'Say "hi", then go', done: "false", due: "", points: "2", tags: '["x","y"]', id: "r1" });
    expect(exportFileName("Task")).toBe("Task_export.csv");
  });
});

describe("users list", () => {
  it("hides the accounts on the platform's own domain", () => {
    const users = [{ email: "ann@example.com" }, { email: "Ops@Kiln.Example.org" }, { email: "bob@kiln.example.org.evil.test" }];
    expect(staffDomain("www.kiln.example.org")).toBe("kiln.example.org");
    expect(visibleUsers(users, staffDomain("kiln.example.org")).map((u) => u.email)).toEqual(["ann@example.com"]);
    expect(staffDomain("localhost")).toBeNull();
    expect(staffDomain("127.0.0.1")).toBeNull();
    expect(visibleUsers(users, null)).toHaveLength(3);
  });
});
