import { describe, expect, it } from "vitest";
import { Extraction } from "../../functions/core/integrations/extraction";

const person = { type: "object", properties: { full_name: { type: "string" }, age: { type: "integer" }, tags: { type: "array" }, active: { type: "boolean" } } };

/** ExtractDataFromUploadedFile on CSV and JSON: columns to fields, cells to types, the answer shaped by the schema. */
describe("Extraction", () => {
  it("matches columns to fields ignoring case, spaces and punctuation, and converts cells", () => {
    const csv = "Full Name,AGE,Tags,Active,Extra\nAda Lovelace,\"1,036\",math; poetry,Yes,x\nAlan,,,no,y\n";
    expect(Extraction.fromCsv(csv, { type: "array", items: person })).toEqual([
      { full_name: "Ada Lovelace", age: 1036, tags: ["math", "poetry"], active: true },
      { full_name: "Alan", active: false },
    ]);
  });

  it("shapes the answer by the schema: rows under the wrapping property, one object for one row", () => {
    const csv = "full_name,age\nGrace,85\n";
    expect(Extraction.fromCsv(csv, { type: "object", properties: { people: { type: "array", items: person } } })).toEqual({ people: [{ full_name: "Grace", age: 85 }] });
    expect(Extraction.fromCsv(csv, person)).toEqual({ full_name: "Grace", age: 85 });
    expect(Extraction.fromCsv(`${csv}Linus,54\n`, person)).toEqual([
      { full_name: "Grace", age: 85 },
      { full_name: "Linus", age: 54 },
    ]);
  });

  it("reads JSON arrays, records, and objects holding a list of records", () => {
    const rows = [{ "Full name": "Ada", age: "36" }];
    expect(Extraction.fromJson(rows, { type: "array", items: person })).toEqual([{ full_name: "Ada", age: 36 }]);
    expect(Extraction.fromJson({ data: rows }, { type: "array", items: person })).toEqual([{ full_name: "Ada", age: 36 }]);
    expect(Extraction.fromJson({ full_name: "Ada", friends: [{ full_name: "Charles" }] }, person)).toEqual({ full_name: "Ada" });
    expect(() => Extraction.fromJson(42, person)).toThrow("neither records nor a list of records");
  });

  it("an empty CSV is an error, not an empty answer", () => {
    expect(() => Extraction.fromCsv("", person)).toThrow();
  });
});
