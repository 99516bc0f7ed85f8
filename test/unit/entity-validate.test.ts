import { describe, expect, it } from "vitest";
import { EntitySchemas } from "../../functions/core/entities/schemas";
import { StoredEntitySchema } from "../../schemas/entities";
import { rejection } from "./visible-error";

const schema = StoredEntitySchema.parse({
  name: "Deal",
  type: "object",
  properties: {
    title: { type: "string" },
    amount: { type: "number" },
    seats: { type: "integer" },
    won: { type: "boolean", default: false },
    stage: { type: "string", enum: ["prospect", "won", "lost"], default: "prospect" },
    close_date: { type: "string", format: "date" },
    closed_at: { type: "string", format: "date-time" },
    contact_email: { type: "string", format: "email" },
    tags: { type: "array", items: { type: "string" } },
    address: { type: "object", properties: { city: { type: "string" }, zip: { type: "string" } }, required: ["city"] },
    anything: {},
  },
  required: ["title"],
});

describe("EntitySchemas.forCreate", () => {
  it("keeps declared fields, drops unknown and server fields, applies defaults", () => {
    const out = EntitySchemas.forCreate(schema, { title: "Big", amount: 10.5, extra: 1, id: "x", created_by: "evil@x", is_sample: true });
    expect(out).toEqual({ title: "Big", amount: 10.5, won: false, stage: "prospect" });
  });

  it("a given value wins over the default, and defaults are copies", () => {
    expect(EntitySchemas.forCreate(schema, { title: "a", stage: "won" }).stage).toBe("won");
  });

  it('a required field missing or null answers 422 naming it', () => {
    for (const input of [{}, { title: null }]) {
      const err = rejection(() => EntitySchemas.forCreate(schema, input));
      expect(err.status).toBe(422);
      expect(err.message).toBe('Field "title" is required');
    }
  });

  it("an empty string is a value for a required string", () => {
    expect(EntitySchemas.forCreate(schema, { title: "" }).title).toBe("");
  });

  it("types: a number string is not a number, a float not an integer, a string not a boolean", () => {
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", amount: "10" })).message).toBe('Field "amount" must be a number');
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", seats: 1.5 })).message).toBe('Field "seats" must be an integer');
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", won: "true" })).message).toBe('Field "won" must be a boolean');
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: 5 })).message).toBe('Field "title" must be a string');
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", tags: "x" })).message).toBe('Field "tags" must be an array');
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", address: [] })).message).toBe('Field "address" must be an object');
  });

  it("enum values must be listed", () => {
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", stage: "maybe" })).message).toBe('Field "stage" must be one of "prospect", "won", "lost"');
  });

  it("formats are checked loosely; an empty string passes", () => {
    expect(EntitySchemas.forCreate(schema, { title: "a", close_date: "2026-03-01", closed_at: "2026-03-01T10:00:00Z", contact_email: "a@b.co" })).toMatchObject({ close_date: "2026-03-01" });
    expect(EntitySchemas.forCreate(schema, { title: "a", close_date: "2026-03-01T10:00:00.000Z" }).close_date).toBe("2026-03-01T10:00:00.000Z");
    expect(EntitySchemas.forCreate(schema, { title: "a", close_date: "" }).close_date).toBe("");
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", close_date: "next week" })).message).toBe('Field "close_date" must be a date (YYYY-MM-DD)');
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", closed_at: "2026-13-45" })).message).toContain("closed_at");
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", contact_email: "nope" })).message).toBe('Field "contact_email" must be an e-mail address');
  });

  it("array items and nested object properties are checked, with a path in the message", () => {
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", tags: ["ok", 3] })).message).toBe('Field "tags[1]" must be a string');
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", address: { city: 1 } })).message).toBe('Field "address.city" must be a string');
    expect(rejection(() => EntitySchemas.forCreate(schema, { title: "a", address: { zip: "1" } })).message).toBe('Field "address.city" is required');
  });

  it("null clears an optional field of any type; a property without a type takes anything", () => {
    expect(EntitySchemas.forCreate(schema, { title: "a", amount: null, anything: { x: [1] } })).toMatchObject({ amount: null, anything: { x: [1] } });
  });

  it("a type list accepts any of its types", () => {
    const s = StoredEntitySchema.parse({ properties: { n: { type: ["number", "string"] } } });
    expect(EntitySchemas.forCreate(s, { n: "x" })).toEqual({ n: "x" });
    expect(rejection(() => EntitySchemas.forCreate(s, { n: true })).message).toBe('Field "n" must be a number or a string');
  });
});

describe("EntitySchemas.forUpdate", () => {
  it("keeps only the declared fields given, without defaults or required checks for absent ones", () => {
    expect(EntitySchemas.forUpdate(schema, { amount: 3, bogus: 1, updated_date: "x" })).toEqual({ amount: 3 });
  });

  it("a required field may not be cleared", () => {
    expect(rejection(() => EntitySchemas.forUpdate(schema, { title: null })).message).toBe('Field "title" is required');
  });

  it("types are checked as on create", () => {
    expect(rejection(() => EntitySchemas.forUpdate(schema, { amount: "1" })).status).toBe(422);
  });
});

describe("EntitySchemas.parse", () => {
  it("reads a schema leniently and refuses what is not one", () => {
    expect(EntitySchemas.parse("Task", '{"name":"Task","type":"object","properties":{}}').required).toEqual([]);
    expect(rejection(() => EntitySchemas.parse("Task", "{nope")).message).toContain("not valid JSON");
    expect(rejection(() => EntitySchemas.parse("Task", '{"properties":[1]}')).status).toBe(422);
  });
});
