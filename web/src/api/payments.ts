import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  AccountAnswer,
  AccountDeleted,
  AccountLink,
  AccountStatus,
  type AccountType,
  AppConnection,
  CheckoutAnswer,
  type CheckoutBody,
  DashboardLink,
  PAYMENTS_PACKAGE,
  PaymentsAccount,
} from "../../../schemas/payments";
import { InstallResult } from "../../../schemas/packages";
import { appQuery } from "./apps";
import { call } from "./client";

/** Spec 02 §7 payments provider: the owner's Stripe Connect account, typed by schemas/payments.ts. */
export const Payments = {
  get: () => call("GET /api/integrations/StripeIntegration/get-account", { schema: AccountAnswer }),
  create: (account_type: AccountType) => call("POST /api/integrations/StripeIntegration/get-or-create-account", { body: { account_type }, schema: PaymentsAccount }),
  link: (account: string) =>
    call("POST /api/integrations/StripeIntegration/{account}/create-account-link", { params: { account }, body: { return_url: `${window.location.origin}/integrations/stripe` }, schema: AccountLink }),
  dashboard: (account: string) => call("POST /api/integrations/StripeIntegration/{account}/create-dashboard-link", { params: { account }, schema: DashboardLink }),
  status: (account: string) => call("GET /api/integrations/StripeIntegration/{account}/check-account-status", { params: { account }, schema: AccountStatus }),
  refresh: (account: string) => call("POST /api/integrations/StripeIntegration/{account}/refresh-product-catalog", { params: { account }, schema: PaymentsAccount }),
  connection: (account: string, appId: string) => call("GET /api/integrations/StripeIntegration/{account}/connect-to-app/{appId}", { params: { account, appId }, schema: AppConnection }),
  checkout: (account: string, body: CheckoutBody) => call("POST /api/integrations/StripeIntegration/{account}/create-checkout-session", { params: { account }, body, schema: CheckoutAnswer }),
  remove: (account: string) => call("DELETE /api/integrations/StripeIntegration/{account}/delete-account", { params: { account }, schema: AccountDeleted }),
  /** install-integration / delete-integration with the app id, "StripeIntegration" and the account id (spec 02 §7) */
  connect: (appId: string, account: string) =>
    call("POST /api/apps/{id}/install-integration/{pkg}/{ref}", { params: { id: appId, pkg: PAYMENTS_PACKAGE, ref: account }, schema: InstallResult }),
  disconnect: (appId: string, account: string) =>
    call("POST /api/apps/{id}/delete-integration/{pkg}/{ref}", { params: { id: appId, pkg: PAYMENTS_PACKAGE, ref: account }, schema: InstallResult }),
};

export const paymentsAccountQuery = queryOptions({ queryKey: ["payments", "account"] as const, queryFn: Payments.get, retry: false });
export const accountStatusQuery = (account: string) =>
  queryOptions({ queryKey: ["payments", "status", account] as const, queryFn: () => Payments.status(account), retry: false });

/** Writes that change the account answer it: the cache takes it as it is. */
function useAccountWrite<T>(write: (input: T) => Promise<PaymentsAccount>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: (account) => client.setQueryData(paymentsAccountQuery.queryKey, { account }) });
}

export const useCreateAccount = () => useAccountWrite(Payments.create);
export const useRefreshCatalog = () => useAccountWrite(Payments.refresh);

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: Payments.remove,
    onSuccess: () => {
      client.setQueryData(paymentsAccountQuery.queryKey, { account: null });
      void client.invalidateQueries({ queryKey: ["app"] });
    },
  });
}

/** Connect (install) or disconnect (delete-integration) an app: spec 02 §4 "connected on install; back on disconnect". */
export function useAppConnection() {
  const client = useQueryClient();
  const done = (appId: string) => {
    void client.invalidateQueries({ queryKey: appQuery(appId).queryKey });
    void client.invalidateQueries({ queryKey: paymentsAccountQuery.queryKey });
  };
  return {
    connect: useMutation({ mutationFn: ({ appId, account }: { appId: string; account: string }) => Payments.connect(appId, account), onSuccess: (_r, { appId }) => done(appId) }),
    disconnect: useMutation({ mutationFn: ({ appId, account }: { appId: string; account: string }) => Payments.disconnect(appId, account), onSuccess: (_r, { appId }) => done(appId) }),
  };
}

/** A checkout's return addresses: this page, with checkout_status success or canceled (spec 02 §7). */
export function returnUrls(page: string) {
  const url = (status: string) => {
    const u = new URL(page);
    u.searchParams.set("checkout_status", status);
    return u.toString();
  };
  return { success_url: url("success"), cancel_url: url("canceled") };
}
