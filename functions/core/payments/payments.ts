import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import type { AppMeta } from "../../../schemas/app";
import type { InstallResult } from "../../../schemas/packages";
import {
  type AccountAnswer,
  type AccountDeleted,
  type AccountLink,
  type AccountStatus,
  type AccountType,
  type AppConnection,
  type CheckoutAnswer,
  type CheckoutBody,
  type DashboardLink,
  PAYMENTS_PACKAGE,
  type PaymentsAccount,
  type Product,
  StripeAccountId,
} from "../../../schemas/payments";
import type { User } from "../../../schemas/user";
import type { AppCaller } from "../actor";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { db, isConditionFailure, table } from "../db";
import { VisibleError, forbidden, notFound } from "../errors";
import { Keys } from "../keys";
import { type Stripe, stripe } from "../billing/stripe";
import { FEATURE_MESSAGES, Features } from "../../../lib/tiers";
import { Users } from "../identity/users";

type Item = Omit<PaymentsAccount, "connected_app_ids"> & { connected_app_ids?: Set<string> };

/**
 * Payments for apps (spec 02 §2, §4, §7 payments provider; spec 03 §7.8): each owner has one
 * Stripe Connect account; its products are read from Stripe on refresh; an app connected to it
 * (installed as its StripeIntegration) starts checkouts on it for the app's own users.
 */
export namespace Payments {
  const missingAccount = () => notFound("Stripe account not found");
  const toAccount = (item: Record<string, unknown>): PaymentsAccount => {
    const { connected_app_ids, ...rest } = item as Item & Record<string, unknown>;
    return {
      id: rest.id,
      stripe_account_id: rest.stripe_account_id,
      account_type: rest.account_type,
      created_by: rest.created_by,
      created_date: rest.created_date,
      product_catalog: rest.product_catalog ?? [],
      catalog_refreshed_at: rest.catalog_refreshed_at ?? null,
      connected_app_ids: [...(connected_app_ids ?? [])].sort(),
    };
  };

  /** Spec 02 §6: payments need builder and up. */
  function gate(user: Pick<User, "subscription_tier">): void {
    if (!Features[user.subscription_tier].payments) throw new VisibleError("payment_required", FEATURE_MESSAGES.payments!);
  }

  async function load(stripeAccountId: string): Promise<PaymentsAccount | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.paymentsAccount(stripeAccountId), ConsistentRead: true }));
    return Item ? toAccount(Item) : undefined;
  }

  /** The caller's own account named in the path; anyone else's looks like none at all. */
  export async function own(user: User, ref: string): Promise<PaymentsAccount> {
    const parsed = StripeAccountId.safeParse(ref);
    const account = parsed.success ? await load(parsed.data) : undefined;
    if (!account || account.created_by !== user.id) throw missingAccount();
    gate(user);
    return account;
  }

  /** Stripe refused or could not be reached: the UI shows its own words, the log keeps Stripe's. */
  async function asking<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof VisibleError) throw err;
      const stripeError = err as { type?: string; statusCode?: number; message?: string };
      if (stripeError.type === "StripeInvalidRequestError" && stripeError.statusCode === 404) throw notFound(stripeError.message ?? `Stripe could not ${what}`);
      console.error(`[payments] ${what}`, err);
      throw new VisibleError("upstream", stripeError.type === "StripeInvalidRequestError" && stripeError.message ? stripeError.message : `Stripe could not ${what} right now. Please try again later.`);
    }
  }

  export async function get(user: User): Promise<AccountAnswer> {
    gate(user);
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.userPaymentsAccount(user.id), ConsistentRead: true }));
    const account = Item ? await load(Item.stripe_account_id as string) : undefined;
    return { account: account ?? null };
  }

  /** POST get-or-create-account: the user's one account; two racing tabs end with one (the loser's Stripe account is deleted). */
  export async function getOrCreate(user: User, type: AccountType): Promise<PaymentsAccount> {
    const existing = (await get(user)).account;
    if (existing) return existing;
    const created = await asking("create the account", () =>
      stripe().accounts.create({ type, email: user.email, metadata: { kiln_user_id: user.id } }),
    );
    const item = { id: ulid(), stripe_account_id: created.id, account_type: type, created_by: user.id, created_date: new Date().toISOString(), product_catalog: [], catalog_refreshed_at: null };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: { ...Keys.userPaymentsAccount(user.id), stripe_account_id: created.id }, ConditionExpression: "attribute_not_exists(pk)" } },
            { Put: { TableName: table(), Item: { ...Keys.paymentsAccount(created.id), ...item } } },
          ],
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      await stripe().accounts.del(created.id).catch((e) => console.error("[payments] dropping a raced account", e));
      const winner = (await get(user)).account;
      if (!winner) throw err;
      return winner;
    }
    return toAccount(item);
  }

  /** POST /{account}/create-account-link: Stripe's onboarding, returning to Kiln's /integrations/stripe. */
  export async function accountLink(account: PaymentsAccount, returnUrl: string | undefined): Promise<AccountLink> {
    const home = `${Config.kiln.webUrl}/integrations/stripe`;
    if (returnUrl && new URL(returnUrl).origin !== new URL(home).origin) throw new VisibleError("input", "return_url: onboarding returns to Kiln's own /integrations/stripe");
    const link = await asking("create the account link", () =>
      stripe().accountLinks.create({ account: account.stripe_account_id, type: "account_onboarding", return_url: returnUrl ?? home, refresh_url: returnUrl ?? home }),
    );
    return { account_link_url: link.url };
  }

  /**
   * POST /{account}/create-dashboard-link: where products and prices are made. An Express account's
   * owner signs in through a single-use login link, as does any account on the local stand-in (its
   * labelled dashboard); a Standard account's owner uses Stripe's own dashboard.
   */
  export async function dashboardLink(account: PaymentsAccount): Promise<DashboardLink> {
    if (!Config.stripe.local && account.account_type === "standard") {
      const test = Config.stripe.secretKey.startsWith("sk_live_") ? "" : "test/";
      return { dashboard_url: `https://dashboard.stripe.com/${test}products` };
    }
    const remote = await asking("check the account", () => stripe().accounts.retrieve(account.stripe_account_id));
    if (!remote.details_submitted) throw new VisibleError("conflict", "Finish this Stripe account's onboarding in Payments setup before opening its dashboard");
    const link = await asking("open the Stripe dashboard", () => stripe().accounts.createLoginLink(account.stripe_account_id));
    return { dashboard_url: link.url };
  }

  export async function status(user: User, ref: string): Promise<AccountStatus> {
    const account = await own(user, ref);
    const remote = await asking("check the account", () => stripe().accounts.retrieve(account.stripe_account_id));
    return {
      stripe_account_id: remote.id,
      is_complete: Boolean(remote.details_submitted && remote.charges_enabled),
      details_submitted: Boolean(remote.details_submitted),
      charges_enabled: Boolean(remote.charges_enabled),
      payouts_enabled: Boolean(remote.payouts_enabled),
      currently_due: remote.requirements?.currently_due ?? [],
    };
  }

  const priceOf = (p: Stripe.Price) => ({
    id: p.id,
    unit_amount: p.unit_amount,
    currency: p.currency,
    recurring: p.recurring ? { interval: p.recurring.interval, interval_count: p.recurring.interval_count } : null,
  });

  /** POST /{account}/refresh-product-catalog: the account's active products and prices, as Stripe has them now. */
  export async function refreshCatalog(user: User, ref: string): Promise<PaymentsAccount> {
    const account = await own(user, ref);
    const as = { stripeAccount: account.stripe_account_id };
    const [products, prices] = await asking("read the product catalog", () =>
      Promise.all([
        stripe().products.list({ active: true, limit: 100 }, as).autoPagingToArray({ limit: 200 }),
        stripe().prices.list({ active: true, limit: 100 }, as).autoPagingToArray({ limit: 1000 }),
      ]),
    );
    const catalog: Product[] = products.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description ?? null,
      images: p.images ?? [],
      prices: prices.filter((price) => (typeof price.product === "string" ? price.product : price.product.id) === p.id).map(priceOf),
    }));
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.paymentsAccount(account.stripe_account_id),
        UpdateExpression: "SET product_catalog = :c, catalog_refreshed_at = :now",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":c": catalog, ":now": new Date().toISOString() },
        ReturnValues: "ALL_NEW",
      }),
    );
    return toAccount(Attributes!);
  }

  const connectedAccountOf = (app: AppMeta) => app.installable_integrations?.[PAYMENTS_PACKAGE]?.account_id;

  /** GET /{account}/connect-to-app/{appId}: whether the app takes payments with this account. */
  export async function connection(user: User, ref: string, appId: string): Promise<AppConnection> {
    const account = await own(user, ref);
    const app = await Apps.assertAccess(user, appId);
    return { app_id: app.id, app_name: app.name, stripe_account_id: account.stripe_account_id, connected: connectedAccountOf(app) === account.stripe_account_id };
  }

  async function linkApp(stripeAccountId: string, appId: string, linked: boolean): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.paymentsAccount(stripeAccountId),
          UpdateExpression: `${linked ? "ADD" : "DELETE"} connected_app_ids :app`,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":app": new Set([appId]) },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  /** install-integration/StripeIntegration/{account}: the app takes payments with its owner's account (spec 02 §4 "connected on install"). */
  export async function connect(user: User, app: AppMeta, ref: string): Promise<InstallResult> {
    const account = await own(user, ref);
    if (app.created_by_id !== account.created_by) throw forbidden("Only the app's owner can connect their Stripe account to it");
    const previous = connectedAccountOf(app);
    const installed_date = new Date().toISOString();
    const updated = await Apps.update(app.id, {
      installable_integrations: { ...app.installable_integrations, [PAYMENTS_PACKAGE]: { catalog_item_id: account.stripe_account_id, installed_date, account_id: account.stripe_account_id } },
    });
    if (previous && previous !== account.stripe_account_id) await linkApp(previous, app.id, false);
    await linkApp(account.stripe_account_id, app.id, true);
    return { package_name: PAYMENTS_PACKAGE, installable_integrations: updated.installable_integrations ?? {}, missing_secrets: [] };
  }

  /** delete-integration/StripeIntegration/{account}: back to not connected. */
  export async function disconnect(app: AppMeta, ref: string): Promise<InstallResult> {
    if (connectedAccountOf(app) !== ref) throw notFound(`The integration package ${PAYMENTS_PACKAGE} is not installed in this app`);
    const { [PAYMENTS_PACKAGE]: _removed, ...rest } = app.installable_integrations ?? {};
    const updated = await Apps.update(app.id, { installable_integrations: rest });
    await linkApp(ref, app.id, false);
    return { package_name: PAYMENTS_PACKAGE, installable_integrations: updated.installable_integrations ?? {}, missing_secrets: [] };
  }

  async function startCheckout(account: PaymentsAccount, body: CheckoutBody, metadata: Record<string, string>, email: string | undefined): Promise<CheckoutAnswer> {
    const as = { stripeAccount: account.stripe_account_id };
    const remote = await asking("check the account", () => stripe().accounts.retrieve(account.stripe_account_id));
    if (!remote.charges_enabled) throw new VisibleError("conflict", "This Stripe account cannot take payments yet: finish its onboarding in Payments setup");
    const price = await asking("read the price", () => stripe().prices.retrieve(body.price_id, {}, as));
    if (!price.active) throw new VisibleError("input", "price_id: this price is no longer offered");
    const session = await asking("create a checkout session", () =>
      stripe().checkout.sessions.create(
        {
          mode: price.recurring ? "subscription" : "payment",
          line_items: [{ price: price.id, quantity: body.quantity }],
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          ...(email ? { customer_email: email } : {}),
          metadata,
        },
        as,
      ),
    );
    if (!session.url) throw new VisibleError("upstream", "Stripe did not return a checkout page");
    return { checkout_url: session.url, session_id: session.id };
  }

  /** The owner's own checkout (StripeIntegration/{account}/create-checkout-session): a test purchase from the workspace. */
  export async function ownerCheckout(user: User, account: PaymentsAccount, body: CheckoutBody): Promise<CheckoutAnswer> {
    return startCheckout(account, body, { kiln_user_id: user.id }, user.email);
  }

  /**
   * Which app a checkout on this account is for: the one the caller names (`X-App-Id`, as the SDK
   * sends), or the account's only one. An account connected to no such app has nothing to sell.
   */
  export async function appOf(ref: string, named: string | undefined): Promise<string> {
    const parsed = StripeAccountId.safeParse(ref);
    const account = parsed.success ? await load(parsed.data) : undefined;
    const connected = account?.connected_app_ids ?? [];
    const appId = named ?? (connected.length === 1 ? connected[0] : undefined);
    if (!appId || !connected.includes(appId)) throw notFound("No app takes payments with this Stripe account");
    return appId;
  }

  /** POST /api/integrations/stripe/{account}/create-checkout-session for a caller the connected app admitted (spec 03 §7.8). */
  export async function appCheckout(caller: AppCaller, ref: string, body: CheckoutBody): Promise<CheckoutAnswer> {
    const { app } = caller;
    const account = connectedAccountOf(app) === ref ? await load(ref) : undefined;
    if (!account || account.created_by !== app.created_by_id) throw notFound("No app takes payments with this Stripe account");
    const owner = await Users.get(app.created_by_id);
    if (!owner) throw notFound("App not found");
    gate(owner);
    const email = caller.kind === "visitor" ? undefined : caller.user.email;
    return startCheckout(account, body, { kiln_app_id: app.id, ...(caller.kind === "visitor" ? {} : { kiln_app_user: caller.user.email }) }, email);
  }

  /** DELETE /{account}/delete-account: the Stripe account, its connections to apps and Kiln's record of it. */
  export async function remove(user: User, ref: string): Promise<AccountDeleted> {
    const account = await own(user, ref);
    await asking("delete the account", async () => {
      try {
        await stripe().accounts.del(account.stripe_account_id);
      } catch (err) {
        // Already gone at Stripe (deleted from its dashboard): Kiln's record still goes.
        if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      }
    });
    for (const appId of account.connected_app_ids) {
      const app = await Apps.get(appId);
      if (app && connectedAccountOf(app) === account.stripe_account_id) await disconnect(app, account.stripe_account_id);
    }
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.paymentsAccount(account.stripe_account_id) }));
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.userPaymentsAccount(user.id), ConditionExpression: "stripe_account_id = :a", ExpressionAttributeValues: { ":a": account.stripe_account_id } })).catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
    return { deleted: true, stripe_account_id: account.stripe_account_id };
  }
}
