import { describe, expect, it } from "vitest";
import { SecretMask } from "../../functions/core/backend/secret-mask";

/** Issue 21 item 5: the app's secret values are masked out of what the owner reads, wherever they stand. */
describe("SecretMask", () => {
  it("masks a value inside a longer line, every time it occurs, naming the secret", () => {
    const mask = SecretMask.of({ API_KEY: "sk_live_abc123" });
    expect(mask("boom sk_live_abc123! (again: xsk_live_abc123x)")).toBe("boom [secret API_KEY]! (again: x[secret API_KEY]x)");
  });

  it("masks the value as JSON and a URL escape it", () => {
    const mask = SecretMask.of({ PASS: 'p"a ss/wörd' });
    expect(mask(JSON.stringify({ password: 'p"a ss/wörd' }))).toBe('{"password":"[secret PASS]"}');
    expect(mask(`https://x.test/?p=${encodeURIComponent('p"a ss/wörd')}`)).toBe("https://x.test/?p=[secret PASS]");
  });

  it("masks a secret that holds another whole, and never inside a name it wrote", () => {
    const mask = SecretMask.of({ LONG: "token-secret-9f8e", SHORT: "secret", OTHER: "LONG" });
    expect(mask("a token-secret-9f8e and a secret")).toBe("a [secret LONG] and a [secret SHORT]");
  });

  it(`leaves values under ${SecretMask.MIN_CHARS} characters alone: they are no credentials and would blot out ordinary text`, () => {
    const mask = SecretMask.of({ REGION: "eu1", FLAG: "1", EMPTY: "", PIN: "4711" });
    expect(mask("region eu1, flag 1, pin 4711")).toBe("region eu1, flag 1, pin [secret PIN]");
    expect(SecretMask.of({})("untouched")).toBe("untouched");
  });
});
