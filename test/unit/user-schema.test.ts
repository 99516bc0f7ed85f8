import { describe, expect, it } from "vitest";
import { AdminUpdate, ListUsersQuery, SelfUpdate } from "../../schemas/user";

/** The messages of a failed parse, or a failure of the test if it succeeded. */
function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.message);
}

describe("SelfUpdate", () => {
  it("accepts full_name and phone_number, trimmed", () => {
    expect(SelfUpdate.parse({ full_name: "  Ada Lovelace ", phone_number: " +1 (555) 010-2030 " })).toEqual({
      full_name: "Ada Lovelace",
      phone_number: "+1 (555) 010-2030",
    });
    expect(SelfUpdate.parse({})).toEqual({});
  });

  it("is strict: unknown keys such as platform_role or email are rejected", () => {
    for (const extra of [{ platform_role: "platform_admin" }, { email: "x@y.z" }, { subscription_tier: "pro" }, { disabled: true }]) {
      const result = SelfUpdate.safeParse({ full_name: "Ada", ...extra });
      expect(result.success, JSON.stringify(extra)).toBe(false);
      expect(result.error!.issues[0].code).toBe("unrecognized_keys");
    }
  });

  it('an empty or blank full_name is "Full Name is required"', () => {
    expect(messages(SelfUpdate.safeParse({ full_name: "" }))).toEqual(["Full Name is required"]);
    expect(messages(SelfUpdate.safeParse({ full_name: "   " }))).toEqual(["Full Name is required"]);
  });

  it("a full_name longer than 120 characters is rejected", () => {
    expect(SelfUpdate.safeParse({ full_name: "a".repeat(120) }).success).toBe(true);
    expect(messages(SelfUpdate.safeParse({ full_name: "a".repeat(121) }))).toEqual(["Full Name must be at most 120 characters"]);
  });

  it('phone_number "" (or blank) becomes null, and null stays null', () => {
    expect(SelfUpdate.parse({ phone_number: "" })).toEqual({ phone_number: null });
    expect(SelfUpdate.parse({ phone_number: "   " })).toEqual({ phone_number: null });
    expect(SelfUpdate.parse({ phone_number: null })).toEqual({ phone_number: null });
  });

  it("phone_number with letters is rejected", () => {
    expect(messages(SelfUpdate.safeParse({ phone_number: "555-CALL-NOW" }))).toEqual([
      "Phone Number may contain only digits, spaces and + ( ) - .",
    ]);
  });

  it("phone_number longer than 32 characters is rejected", () => {
    expect(SelfUpdate.safeParse({ phone_number: "1".repeat(32) }).success).toBe(true);
    expect(messages(SelfUpdate.safeParse({ phone_number: "1".repeat(33) }))).toContain("Phone Number must be at most 32 characters");
  });

  it("rejects values of the wrong type", () => {
    expect(SelfUpdate.safeParse({ full_name: 42 }).success).toBe(false);
    expect(SelfUpdate.safeParse({ phone_number: 5550100 }).success).toBe(false);
  });
});

describe("AdminUpdate", () => {
  it("accepts platform_role, subscription_tier, is_beta_tester and disabled besides the self fields", () => {
    const update = { full_name: " Root ", platform_role: "platform_admin", subscription_tier: "elite_2", is_beta_tester: true, disabled: false };
    expect(AdminUpdate.parse(update)).toEqual({ ...update, full_name: "Root" });
  });

  it("rejects an unknown subscription tier or platform role", () => {
    expect(AdminUpdate.safeParse({ subscription_tier: "platinum" }).success).toBe(false);
    expect(AdminUpdate.safeParse({ platform_role: "superuser" }).success).toBe(false);
  });

  it("is still strict about unknown keys", () => {
    expect(AdminUpdate.safeParse({ email: "x@y.z" }).success).toBe(false);
    expect(AdminUpdate.safeParse({ api_key: "0".repeat(32) }).success).toBe(false);
  });

  it("keeps the self rules for full_name and phone_number", () => {
    expect(messages(AdminUpdate.safeParse({ full_name: "" }))).toEqual(["Full Name is required"]);
    expect(AdminUpdate.parse({ phone_number: "" })).toEqual({ phone_number: null });
  });
});

describe("ListUsersQuery", () => {
  it('defaults to sort "-created_date", limit 100, skip 0', () => {
    expect(ListUsersQuery.parse({})).toEqual({ sort: "-created_date", limit: 100, skip: 0 });
  });

  it("coerces limit and skip from query-string strings", () => {
    expect(ListUsersQuery.parse({ limit: "25", skip: "50", sort: "email", q: '{"a":1}' })).toEqual({
      q: '{"a":1}',
      sort: "email",
      limit: 25,
      skip: 50,
    });
  });

  it("rejects limit 0 and limit 501, accepts 1 and 500", () => {
    expect(ListUsersQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(ListUsersQuery.safeParse({ limit: "501" }).success).toBe(false);
    expect(ListUsersQuery.parse({ limit: "1" }).limit).toBe(1);
    expect(ListUsersQuery.parse({ limit: "500" }).limit).toBe(500);
  });

  it("rejects a negative or fractional skip and a non-numeric limit", () => {
    expect(ListUsersQuery.safeParse({ skip: "-1" }).success).toBe(false);
    expect(ListUsersQuery.safeParse({ skip: "1.5" }).success).toBe(false);
    expect(ListUsersQuery.safeParse({ limit: "ten" }).success).toBe(false);
  });

  it('rejects a sort that is not a field name, like "a;b"', () => {
    expect(messages(ListUsersQuery.safeParse({ sort: "a;b" }))).toEqual(["sort must be a field name, optionally prefixed with -"]);
    for (const sort of ["", "--a", "a b", "a.b", "$where"]) expect(ListUsersQuery.safeParse({ sort }).success, sort).toBe(false);
    expect(ListUsersQuery.parse({ sort: "-updated_date" }).sort).toBe("-updated_date");
  });

  it("rejects a q longer than 2000 characters", () => {
    expect(ListUsersQuery.safeParse({ q: "x".repeat(2001) }).success).toBe(false);
  });
});
