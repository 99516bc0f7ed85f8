import type { Route } from "./route.ts";
import { productRoutes } from "./resources/products.ts";
import { priceRoutes } from "./resources/prices.ts";
import { customerRoutes } from "./resources/customers.ts";
import { checkoutRoutes } from "./resources/checkout.ts";
import { portalRoutes } from "./resources/portal.ts";
import { subscriptionRoutes } from "./resources/subscriptions.ts";
import { scheduleRoutes } from "./resources/schedules.ts";
import { invoiceRoutes } from "./resources/invoices.ts";
import { paymentIntentRoutes } from "./resources/payment-intents.ts";
import { invoicePaymentRoutes } from "./resources/invoice-payments.ts";
import { refundRoutes } from "./resources/refunds.ts";
import { eventRoutes } from "./resources/events.ts";
import { connectRoutes } from "./resources/connect.ts";
import { clockRoutes } from "./renewal.ts";
import { pageRoutes } from "./page-routes.ts";
import { dashboardRoutes } from "./dashboard.ts";

/** Every call the stand-in answers: Stripe's `/v1` subset, the local clock (`/_local`), the hosted pages, and the connected accounts' local dashboard. */
export const routes: Route[] = [
  ...productRoutes,
  ...priceRoutes,
  ...customerRoutes,
  ...checkoutRoutes,
  ...portalRoutes,
  ...subscriptionRoutes,
  ...scheduleRoutes,
  ...invoiceRoutes,
  ...paymentIntentRoutes,
  ...invoicePaymentRoutes,
  ...refundRoutes,
  ...eventRoutes,
  ...connectRoutes,
  ...clockRoutes,
  ...pageRoutes,
  ...dashboardRoutes,
];
