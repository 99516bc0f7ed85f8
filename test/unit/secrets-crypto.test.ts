import { describe, expect, it } from "vitest";
import { Secrets } from "../../functions/core/backend/secrets";

const key = Secrets.deriveKey("unit-test-auth-secret");
const VALUE = "sk_test_51Hxyz-very-secret";

describe("app secrets are sealed with AES-256-GCM", () => {
  it("a sealed value opens to itself under the same key and context", () => {
    const sealed = Secrets.seal(key, VALUE, "app1/STRIPE_SECRET_KEY");
    expect(Secrets.open(key, sealed, "app1/STRIPE_SECRET_KEY")).toBe(VALUE);
  });

  it("the sealed form never contains the value, and sealing twice differs (fresh IV)", () => {
    const a = Secrets.seal(key, VALUE, "app1/K");
    const b = Secrets.seal(key, VALUE, "app1/K");
    expect(a).not.toContain(VALUE);
    expect(a).not.toContain(Buffer.from(VALUE).toString("base64url"));
    expect(a).not.toBe(b);
    expect(a.startsWith("v1.")).toBe(true);
  });

  it("the key is derived deterministically: 32 bytes, different roots give different keys", () => {
    expect(key).toHaveLength(32);
    expect(Secrets.deriveKey("unit-test-auth-secret").equals(key)).toBe(true);
    expect(Secrets.deriveKey("another-root").equals(key)).toBe(false);
  });

  it("does not open under another key, another app or another name", () => {
    const sealed = Secrets.seal(key, VALUE, "app1/K");
    expect(() => Secrets.open(Secrets.deriveKey("another-root"), sealed, "app1/K")).toThrow();
    expect(() => Secrets.open(key, sealed, "app2/K")).toThrow();
    expect(() => Secrets.open(key, sealed, "app1/OTHER")).toThrow();
  });

  it("refuses a tampered box without echoing the value", () => {
    const [v, iv, tag, body] = Secrets.seal(key, VALUE, "app1/K").split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    const attempts = [[v, iv, tag, flipped.toString("base64url")].join("."), [v, iv, Buffer.alloc(16).toString("base64url"), body].join("."), "v0.a.b.c", "garbage"];
    for (const sealed of attempts) {
      let error: unknown;
      try {
        Secrets.open(key, sealed, "app1/K");
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(Error);
      expect(String((error as Error).message)).not.toContain(VALUE);
    }
  });

  it("round-trips unicode and the largest allowed value exactly", () => {
    for (const value of ["pässwörd 🔑", "a", "x".repeat(16_384)]) {
      expect(Secrets.open(key, Secrets.seal(key, value, "a/B"), "a/B")).toBe(value);
    }
  });
});
