import { AccountLinkBody, CheckoutBody, CreateAccountBody } from "../../schemas/payments";
import { Actor } from "../core/actor";
import { AppCallers } from "../core/app-users/caller";
import { Payments } from "../core/payments/payments";
import { appCredentials } from "./app-access";
import { body, callGroup } from "./group";

/** Spec 02 §7 payments provider (the owner's own Stripe Connect account) and spec 03 §7.8 (a generated app's checkout). */
export const { app, handler } = callGroup("payments", {
  async getOrCreate(c) {
    const user = Actor.user();
    const { account_type } = await body(c, CreateAccountBody);
    return c.json(await Payments.getOrCreate(user, account_type));
  },

  async get(c) {
    return c.json(await Payments.get(Actor.user()));
  },

  async accountLink(c) {
    const account = await Payments.own(Actor.user(), c.req.param("account")!);
    const { return_url } = await body(c, AccountLinkBody);
    return c.json(await Payments.accountLink(account, return_url));
  },

  async dashboardLink(c) {
    return c.json(await Payments.dashboardLink(await Payments.own(Actor.user(), c.req.param("account")!)));
  },

  async status(c) {
    return c.json(await Payments.status(Actor.user(), c.req.param("account")!));
  },

  async refreshCatalog(c) {
    return c.json(await Payments.refreshCatalog(Actor.user(), c.req.param("account")!));
  },

  async connection(c) {
    return c.json(await Payments.connection(Actor.user(), c.req.param("account")!, c.req.param("appId")!));
  },

  async ownerCheckout(c) {
    const user = Actor.user();
    const account = await Payments.own(user, c.req.param("account")!);
    const input = await body(c, CheckoutBody);
    return c.json(await Payments.ownerCheckout(user, account, input));
  },

  async remove(c) {
    return c.json(await Payments.remove(Actor.user(), c.req.param("account")!));
  },

  /**
   * A generated app's checkout. The path names no app, so the account's connected app (the one
   * `X-App-Id` names) is resolved first and its caller admitted as an app route would be, before
   * anything else is read.
   */
  async appCheckout(c) {
    const account = c.req.param("account_id")!;
    const appId = await Payments.appOf(account, c.req.header("x-app-id")?.slice(0, 128) || undefined);
    const caller = await AppCallers.resolve(appId, appCredentials(c));
    AppCallers.admit(caller);
    const input = await body(c, CheckoutBody);
    return c.json(await Payments.appCheckout(caller, account, input));
  },
});
