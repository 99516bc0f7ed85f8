import * as z from "zod";

/** Plans in tier order (spec 03 §9). */
export const SubscriptionTier = z.enum(["free", "starter", "builder", "pro", "elite", "elite_2", "elite_3", "enterprise"]);
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;

export const PlatformRole = z.enum(["user", "platform_admin"]);
export type PlatformRole = z.infer<typeof PlatformRole>;

/** A platform user as the API returns it (spec 01 §3, spec 03 §3 "User (admin view)"). */
export const User = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  api_key: z.string(),
  platform_role: PlatformRole,
  subscription_tier: SubscriptionTier,
  is_beta_tester: z.boolean(),
  disabled: z.boolean(),
  stripe_customer_id: z.string().nullable(),
  stripe_subscription_id: z.string().nullable(),
  stripe_subscription_status: z.string().nullable(),
  subscription_schedule_id: z.string().nullable(),
  subscription_schedule_tier: SubscriptionTier.nullable(),
  created_date: z.string(),
  updated_date: z.string(),
});
export type User = z.infer<typeof User>;

export const Email = z.string().trim().toLowerCase().max(254).email("Please enter a valid email address");

const FullName = z.string().trim().min(1, "Full Name is required").max(120, "Full Name must be at most 120 characters");
const PhoneNumber = z
  .string()
  .trim()
  .max(32, "Phone Number must be at most 32 characters")
  .regex(/^[+0-9 ()\-.]*$/, "Phone Number may contain only digits, spaces and + ( ) - .")
  .transform((v) => (v === "" ? null : v))
  .nullable();

/** POST /api/auth/{id}/update-user — what a user may change on themself (spec 01 §5 Settings). */
export const SelfUpdate = z.strictObject({
  full_name: FullName.optional(),
  phone_number: PhoneNumber.optional(),
});

/** What a platform admin may also change on anyone (spec 03 §2.3). */
export const AdminUpdate = SelfUpdate.extend({
  platform_role: PlatformRole.optional(),
  subscription_tier: SubscriptionTier.optional(),
  is_beta_tester: z.boolean().optional(),
  disabled: z.boolean().optional(),
}).strict();
export type AdminUpdate = z.infer<typeof AdminUpdate>;

/** GET /api/auth/list-users query (spec 03 §7.3). `q` is a JSON Mongo-style filter. */
export const ListUsersQuery = z.object({
  q: z.string().max(2000).optional(),
  sort: z.string().regex(/^-?[a-z_]+$/, "sort must be a field name, optionally prefixed with -").default("-created_date"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const UserList = z.array(User);
