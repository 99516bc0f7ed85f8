import type { SubscriptionTier } from "../../../schemas/user";
import { Plans } from "./plans";
import { stripe } from "./stripe";

interface PlanDefinition {
  nickname: string;
  /** dollars a month */
  dollars: number;
  daily?: number;
  messages: number;
  integrationCredits: number;
  features: string[];
}

/**
 * The plans Kiln starts with, written into Stripe as prices once (the local stand-in on
 * first start; real Stripe with `npm run stripe:seed`). From then on Stripe's catalogue is
 * the only table: change a plan there (a new price with the same nickname) and Kiln follows.
 */
export const StarterCatalog: Record<SubscriptionTier, PlanDefinition> = {
  free: { nickname: "Free", dollars: 0, daily: 7, messages: 25, integrationCredits: 500, features: ["unlimited_apps", "in_app_code_preview", "built_in_database", "user_authentication"] },
  starter: { nickname: "Starter", dollars: 20, messages: 100, integrationCredits: 2_000, features: ["everything_in_free", "code_editing", "hide_the_kiln_badge", "app_admins"] },
  builder: { nickname: "Builder", dollars: 50, messages: 250, integrationCredits: 10_000, features: ["everything_in_starter", "backend_functions", "custom_domains", "github_and_zip_export", "payments"] },
  pro: { nickname: "Pro", dollars: 100, messages: 500, integrationCredits: 20_000, features: ["everything_in_builder", "early_access_to_beta_features"] },
  elite: { nickname: "Elite", dollars: 200, messages: 1_200, integrationCredits: 50_000, features: ["everything_in_pro", "premium_support"] },
  elite_2: { nickname: "Elite 2", dollars: 400, messages: 2_500, integrationCredits: 100_000, features: ["everything_in_pro", "premium_support"] },
  elite_3: { nickname: "Elite 3", dollars: 800, messages: 5_000, integrationCredits: 200_000, features: ["everything_in_pro", "premium_support"] },
  enterprise: { nickname: "Enterprise", dollars: 2_000, messages: 10_000, integrationCredits: 500_000, features: ["everything_in_elite", "single_sign_on", "dedicated_support"] },
};

/** Create the plans the catalogue lacks (a plan Kiln can read, by nickname and metadata; running it twice creates nothing). Answers how many were created. */
export async function ensurePlanCatalog(): Promise<number> {
  Plans.invalidate();
  const have = new Set<string>((await Plans.list()).map((p) => p.key));
  let created = 0;
  for (const [key, plan] of Object.entries(StarterCatalog)) {
    if (have.has(key)) continue;
    await stripe().prices.create(
      {
        nickname: plan.nickname,
        lookup_key: `kiln_${key}`,
        currency: "usd",
        unit_amount: plan.dollars * 100,
        recurring: { interval: "month" },
        product_data: { name: `Kiln ${plan.nickname}` },
        metadata: {
          monthly_message_limit: String(plan.messages),
          monthly_integration_credits: String(plan.integrationCredits),
          features: plan.features.join(","),
          ...(plan.daily ? { daily_message_limit: String(plan.daily) } : {}),
        },
      },
      { idempotencyKey: `kiln-plan-${key}-v1` },
    );
    created++;
  }
  if (created) Plans.invalidate();
  return created;
}
