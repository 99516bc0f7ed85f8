import { describe, expect, it } from "vitest";
import { ALREADY_UP_TO_DATE, GITHUB_USERNAME_INVALID, GITHUB_USERNAME_REQUIRED, githubUsernameProblem, updateOutcome } from "../../schemas/export";
import { searchDelay } from "../../web/src/components/workspace/export/search";

/** Spec 02 §5, §8, §9: the GitHub dialog's rules, as pure functions. */
describe("GitHub user search timing (spec 02 §9)", () => {
  it("waits 500 ms after typing when the last search is long past, or there was none", () => {
    expect(searchDelay(10_000, null)).toBe(500);
    expect(searchDelay(10_000, 8_000)).toBe(500);
  });

  it("keeps at least 1000 ms between searches", () => {
    expect(searchDelay(10_000, 9_800)).toBe(800);
    expect(searchDelay(10_000, 9_400)).toBe(500);
  });
});

describe("GitHub usernames (spec 02 §5)", () => {
  it("needs a name without @ or .", () => {
    expect(["", "  ", "ada.lovelace", "ada@example", "octocat"].map(githubUsernameProblem)).toEqual([
      GITHUB_USERNAME_REQUIRED,
      GITHUB_USERNAME_REQUIRED,
      GITHUB_USERNAME_INVALID,
      GITHUB_USERNAME_INVALID,
      null,
    ]);
  });
});

describe("an update's reply (spec 02 §8)", () => {
  it("shows git's 'nothing to commit' as success, success or error alike", () => {
    expect(updateOutcome({ ok: true, text: "nothing to commit, working tree clean" })).toEqual({ ok: true, message: ALREADY_UP_TO_DATE });
    expect(updateOutcome({ ok: false, text: "On branch main\nnothing to commit, working tree clean" })).toEqual({ ok: true, message: ALREADY_UP_TO_DATE });
  });

  it("prefixes a failure with 'Failed to update GitHub repository: '", () => {
    expect(updateOutcome({ ok: false, text: "GitHub: Not Found" })).toEqual({ ok: false, message: "Failed to update GitHub repository: GitHub: Not Found" });
  });
});
