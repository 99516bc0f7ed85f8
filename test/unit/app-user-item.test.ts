import { describe, expect, it } from "vitest";
import { AppUsers } from "../../functions/core/app-users/users";

/** How a stored app user reads back (functions/core/app-users/users.ts): custom fields from their own map, and items stored before it still read. */

const builtIns = {
  id: "u1",
  app_id: "a1",
  email: "ann@example.com",
  full_name: "Ann",
  role: "user",
  _app_role: "user",
  is_verified: true,
  is_service: false,
  disabled: false,
  invited: false,
  platform_user_id: null,
  created_date: "2026-01-01T00:00:00.000Z",
  updated_date: "2026-01-01T00:00:00.000Z",
  created_by: "ann@example.com",
};
const keys = { pk: "APPUSERS#a1", sk: "USER#u1", version: 3 };

describe("an app user item as the API answers it", () => {
  it("custom fields come from the data map, beside the built-in ones", () => {
    const user = AppUsers.fromItem({ ...keys, ...builtIns, data: { team: "red", prefs: { dark: true } } });
    expect(user).toEqual({ ...builtIns, team: "red", prefs: { dark: true } });
  });

  it("built-in fields win over a custom field of the same name", () => {
    expect(AppUsers.fromItem({ ...keys, ...builtIns, data: { role: "admin", email: "x@y" } })).toMatchObject({ role: "user", email: "ann@example.com" });
  });

  it("an item stored before the map (custom fields at the top, even planted key names) still reads: its fields as custom, keys and index attributes never", () => {
    const legacy = { ...keys, ...builtIns, team: "blue", gsi1pk: "OWNER#victim", gsi1sk: "9999#x", gsi2pk: "APPS", ttl: 1, rec: { id: "fake" }, last_socket_id: "s" };
    const user = AppUsers.fromItem(legacy);
    expect(user).toEqual({ ...builtIns, team: "blue" });
    expect(AppUsers.fromItem({ ...legacy, data: { team: "green" } }).team).toBe("green");
  });
});
