import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { AdminStats, type GrowthRange, PlatformUsage, TokensByUser, TopUsers, TrendingApps, UserGrowth } from "../../../schemas/admin";
import { BonusCredit, BonusCreditList, CouponCode, CouponCodeList, type CreateCouponBody } from "../../../schemas/billing";
import { UsageStats } from "../../../schemas/usage";
import { type AdminUpdate, User, UserList } from "../../../schemas/user";
import { call } from "./client";

/** The user list's search (spec 03 §7.3): a Mongo-style `$or` of case-insensitive regexes on e-mail and full name. */
export function userSearchFilter(text: string): string | undefined {
  const term = text.trim();
  if (!term) return undefined;
  const pattern = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return JSON.stringify({ $or: [{ email: { $regex: pattern, $options: "i" } }, { full_name: { $regex: pattern, $options: "i" } }] });
}

/** Spec 03 §7.2–7.4: the admin portal's and platform analytics' calls, typed by schemas/. */
export const Admin = {
  listUsers: (search: string) => call("GET /api/auth/list-users", { query: { limit: 100, sort: "-created_date", q: userSearchFilter(search) }, schema: UserList }),
  getUser: (id: string) => call("GET /api/auth/users/{id}", { params: { id }, schema: User }),
  updateUser: (id: string, patch: AdminUpdate) => call("POST /api/auth/{id}/update-user", { params: { id }, body: patch, schema: User }),
  userUsage: (id: string) => call("GET /api/usage-logs/user-stats/{id}", { params: { id }, schema: UsageStats }),
  bonusCredits: (id: string) => call("GET /api/credits/{id}/bonus-credits", { params: { id }, schema: BonusCreditList }),
  addBonus: (body: { user_id: string; num_messages: number; reason: string }) => call("POST /api/credits/add-bonus-credits", { body, schema: BonusCredit }),
  deleteBonus: (userId: string, bonusId: string) =>
    call("DELETE /api/credits/{id}/bonus-credits/{bonusId}", { params: { id: userId, bonusId }, schema: z.object({ deleted: z.literal(true) }) }),
  coupons: () => call("GET /api/credits/coupon-codes", { schema: CouponCodeList }),
  createCoupon: (body: z.input<typeof CreateCouponBody>) => call("POST /api/credits/create-coupon-code", { body, schema: CouponCode }),
  stats: () => call("GET /api/admin/analytics/overall", { schema: AdminStats }),
  userGrowth: (range: GrowthRange, hideToday: boolean) => call("GET /api/admin/analytics/user-analytics", { query: { range, hide_today: String(hideToday) }, schema: UserGrowth }),
  topUsers: (start: string, end: string) => call("GET /api/admin/analytics/top-users", { query: { start_date: start, end_date: end, limit: 100 }, schema: TopUsers }),
  usageByDate: () => call("GET /api/admin/analytics/usage-by-date", { schema: PlatformUsage }),
  tokensByUser: () => call("GET /api/admin/analytics/tokens-by-user", { schema: TokensByUser }),
  trending: () => call("GET /api/admin/analytics/trending-apps", { query: { limit: 100 }, schema: TrendingApps }),
};

export const adminUsersQuery = (search: string) => queryOptions({ queryKey: ["admin", "users", search] as const, queryFn: () => Admin.listUsers(search), staleTime: 10_000 });
export const adminUserQuery = (id: string) => queryOptions({ queryKey: ["admin", "user", id] as const, queryFn: () => Admin.getUser(id), retry: false });
export const adminUserUsageQuery = (id: string) => queryOptions({ queryKey: ["admin", "usage", id] as const, queryFn: () => Admin.userUsage(id) });
export const bonusCreditsQuery = (id: string) => queryOptions({ queryKey: ["admin", "bonus", id] as const, queryFn: () => Admin.bonusCredits(id) });
export const couponsQuery = queryOptions({ queryKey: ["admin", "coupons"] as const, queryFn: Admin.coupons });
export const adminStatsQuery = queryOptions({ queryKey: ["admin", "stats"] as const, queryFn: Admin.stats, staleTime: 15_000 });
export const userGrowthQuery = (range: GrowthRange, hideToday: boolean) =>
  queryOptions({ queryKey: ["admin", "growth", range, hideToday] as const, queryFn: () => Admin.userGrowth(range, hideToday), staleTime: 15_000 });
export const topUsersQuery = (start: string, end: string) => queryOptions({ queryKey: ["admin", "top", start, end] as const, queryFn: () => Admin.topUsers(start, end), staleTime: 15_000 });
export const platformUsageQuery = queryOptions({ queryKey: ["admin", "usage-by-date"] as const, queryFn: Admin.usageByDate, staleTime: 15_000 });
export const tokensByUserQuery = queryOptions({ queryKey: ["admin", "tokens"] as const, queryFn: Admin.tokensByUser, staleTime: 15_000 });
export const trendingQuery = queryOptions({ queryKey: ["admin", "trending"] as const, queryFn: Admin.trending, staleTime: 15_000 });
