import type { User } from "../../schemas/user";
import { Users } from "./users";

/** The accounts a fresh local stack starts with, so a newcomer can sign in at once. */
export const SeedAccounts: { email: string; full_name: string; platform_role: User["platform_role"]; label: string }[] = [
  { email: "admin@kiln.local", full_name: "Ada Admin", platform_role: "platform_admin", label: "Platform admin" },
  { email: "maker@kiln.local", full_name: "Max Maker", platform_role: "user", label: "Ordinary user (free plan)" },
];

/** Idempotent: creates only the seed accounts that do not exist yet. */
export async function seed(): Promise<number> {
  let created = 0;
  for (const account of SeedAccounts) {
    const result = await Users.ensure(account);
    if (result.created) created++;
  }
  return created;
}
