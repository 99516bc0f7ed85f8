import { newId } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { text } from "../params.ts";
import { api, type Route } from "../route.ts";

/** POST /v1/billing_portal/sessions: `url` is the stand-in's own portal page for the customer. */
export const portalRoutes: Route[] = [
  api("POST", "/v1/billing_portal/sessions", (ctx) => {
    const customer = ctx.store.find("customer", text(ctx.params, "customer", true), ctx.account, "customer");
    const id = newId("bps");
    const session = ctx.store.insert("billing_portal.session", ctx.account, {
      id,
      object: "billing_portal.session",
      configuration: text(ctx.params, "configuration") ?? "bpc_standin_default",
      created: nowSeconds(),
      customer: customer.obj.id,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: text(ctx.params, "locale") ?? null,
      on_behalf_of: text(ctx.params, "on_behalf_of") ?? null,
      return_url: text(ctx.params, "return_url") ?? null,
      url: `${ctx.base}/portal/${id}`,
    });
    return ctx.store.view(session.obj.id);
  }),
];
