import { describe, expect, it } from "vitest";
import * as z from "zod";
import { MAX_INPUT_DEPTH, MAX_KEY_LENGTH, parse, screen } from "../../functions/http/group";

const nested = (levels: number): unknown => (levels === 1 ? { leaf: 1 } : { a: nested(levels - 1) });
const refusal = (input: unknown) => {
  try {
    screen(input);
  } catch (err) {
    return err as { kind: string; message: string };
  }
  return undefined;
};

describe("screen: what every request input must pass before its schema", () => {
  it(`admits ${MAX_INPUT_DEPTH} levels of objects and arrays and refuses one more`, () => {
    expect(refusal(nested(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(refusal(nested(MAX_INPUT_DEPTH + 1))).toMatchObject({ kind: "input", message: `The input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)` });
    const arrays = JSON.parse("[".repeat(MAX_INPUT_DEPTH + 1) + "]".repeat(MAX_INPUT_DEPTH + 1));
    expect(refusal(arrays)?.kind).toBe("input");
  });

  it("refuses prototype keys at any depth, as JSON.parse leaves them: own keys", () => {
    for (const key of ["__proto__", "constructor", "prototype"]) {
      expect(refusal(JSON.parse(`{"ok":{"list":[{"${key}":{"polluted":true}}]}}`))).toMatchObject({ kind: "input", message: `"${key}" is not allowed as a field name` });
    }
  });

  it(`refuses an empty key and one past ${MAX_KEY_LENGTH} characters, and admits ${MAX_KEY_LENGTH}`, () => {
    expect(refusal({ deep: { "": 1 } })?.message).toBe("A field name cannot be empty");
    expect(refusal({ ["k".repeat(MAX_KEY_LENGTH + 1)]: 1 })?.message).toBe(`A field name is at most ${MAX_KEY_LENGTH} characters`);
    expect(refusal({ ["k".repeat(MAX_KEY_LENGTH)]: 1 })).toBeUndefined();
  });

  it("treats arrays' indices as positions, not field names, and uploaded files as leaves", () => {
    expect(refusal([[1, 2], { a: [null, "x"] }])).toBeUndefined();
    expect(refusal({ file: new File(["x"], "a.txt") })).toBeUndefined();
    expect(refusal("text")).toBeUndefined();
    expect(refusal(null)).toBeUndefined();
  });

  it("parse screens before the schema: a lenient schema does not let a refused key through", () => {
    const lenient = z.object({ name: z.string() });
    expect(parse(lenient, { name: "x", extra: 1 })).toEqual({ name: "x" });
    expect(() => parse(lenient, JSON.parse('{"name":"x","__proto__":{"admin":true}}'))).toThrow('"__proto__" is not allowed as a field name');
  });
});
