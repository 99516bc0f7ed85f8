import { describe, expect, it } from "vitest";
import { FunctionMessages } from "../../schemas/functions";
import { STALE_POLL_MS, functionNameOf, levelPalette, parsePayload, regionLabel, shownBody, stalePoll, testOutcome } from "../../web/src/components/workspace/code/functionDisplay";

/** What the code workspace's function tools show (spec 02 §2, §3, §5, §8). */
describe("Function tools", () => {
  it("names the function of a functions/<name> file, and nothing for other files", () => {
    expect(functionNameOf("functions/sendEmail")).toBe("sendEmail");
    expect(functionNameOf("pages/Home")).toBeNull();
    expect(functionNameOf(null)).toBeNull();
  });

  it("the test payload must parse as JSON", () => {
    expect(parsePayload("{}")).toEqual({ ok: true, value: {} });
    expect(parsePayload('{"name":"Ada"}')).toEqual({ ok: true, value: { name: "Ada" } });
    const bad = parsePayload("{name: Ada}");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^The payload is not valid JSON: /);
    expect(parsePayload("").ok).toBe(false);
  });

  it("a 2xx answer is the result, shown as pretty JSON with no error", () => {
    expect(testOutcome({ status: 200, body: { greeting: "Hi Ada" } })).toEqual({ ok: true, error: null, raw: '{\n  "greeting": "Hi Ada"\n}' });
    expect(testOutcome({ status: 204, body: null })).toEqual({ ok: true, error: null, raw: "(empty)" });
    expect(testOutcome({ status: 200, body: "plain text" }).raw).toBe("plain text");
  });

  it("a failure reads its error, else its message, else 'An error occurred while executing the function', with the raw response", () => {
    const failure = { error: "Boom", message: "Function crashed", detail: "stack", code: "FUNCTION_ERROR" };
    expect(testOutcome({ status: 500, body: failure })).toEqual({ ok: false, error: "Boom", raw: JSON.stringify(failure, null, 2) });
    expect(testOutcome({ status: 402, body: { detail: "Nope", message: "Backend functions need the Builder plan or higher" } }).error).toBe("Backend functions need the Builder plan or higher");
    expect(testOutcome({ status: 500, body: { error: "  ", message: 3 } }).error).toBe(FunctionMessages.TEST_FAILED);
    expect(testOutcome({ status: 502, body: "Bad gateway" })).toEqual({ ok: false, error: "An error occurred while executing the function", raw: "Bad gateway" });
    expect(testOutcome({ status: 400, body: ["a"] }).error).toBe(FunctionMessages.TEST_FAILED);
  });

  it("a log's region loses its gcp- prefix, and each level has its colour (warn and warning alike)", () => {
    expect(regionLabel("gcp-us-central1")).toBe("us-central1");
    expect(regionLabel("eu-west-1")).toBe("eu-west-1");
    expect(regionLabel("local")).toBe("local");
    expect(regionLabel("eu-gcp-1")).toBe("eu-gcp-1");
    expect([levelPalette("error"), levelPalette("warn"), levelPalette("warning"), levelPalette("info"), levelPalette("debug")]).toEqual(["red", "orange", "orange", "blue", "gray"]);
  });

  it("asks for the list again only while this function's deployment lags its code", () => {
    const list = (upToDate: boolean) => ({ functions: [{ name: "hello", url: "u", deployment: null, up_to_date: upToDate }, { name: "other", url: "u", deployment: null, up_to_date: false }] });
    expect(stalePoll(list(false), "hello")).toBe(STALE_POLL_MS);
    expect(stalePoll(list(true), "hello")).toBe(false);
    expect(stalePoll(undefined, "hello")).toBe(false);
    expect(stalePoll(list(true), "missing")).toBe(false);
  });

  it("shows an empty body as (empty), not as null", () => {
    expect(shownBody(undefined)).toBe("(empty)");
    expect(shownBody(0)).toBe("0");
  });
});
