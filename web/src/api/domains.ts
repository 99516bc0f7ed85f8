import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { BuyDomainConfig, CustomDomain, DOMAIN_POLL_MS, DomainList, needsPolling } from "../../../schemas/domains";
import { call } from "./client";

/** Spec 02 §7 custom domains and Buy Domain. */
export const Domains = {
  list: (appId: string) => call("GET /api/custom-domains", { query: { app_id: appId }, schema: DomainList }),
  create: (appId: string, domain: string) => call("POST /api/custom-domains", { body: { domain, app_id: appId }, schema: CustomDomain }),
  verify: (domainId: string) => call("POST /api/custom-domains/{id}/verify", { params: { id: domainId }, schema: CustomDomain }),
  status: (domainId: string) => call("POST /api/custom-domains/{id}/status", { params: { id: domainId }, schema: CustomDomain }),
  unlink: (domainId: string) => call("POST /api/custom-domains/{id}/unlink", { params: { id: domainId }, schema: CustomDomain }),
  link: (domainId: string) => call("POST /api/custom-domains/{id}/link", { params: { id: domainId }, schema: CustomDomain }),
  remove: (domainId: string) => call("DELETE /api/custom-domains/{id}", { params: { id: domainId }, schema: z.object({ success: z.boolean() }) }),
  buyStart: (appId: string, appName: string) => call("POST /api/apps/buy_domain/start", { body: { appId, appName }, schema: BuyDomainConfig }),
};

/** The app's domains; re-read every 10 s while a bought domain waits for its DNS to spread (spec 02 §4, §9), and no longer. */
export const appDomainsQuery = (appId: string) =>
  queryOptions({
    queryKey: ["domains", appId] as const,
    queryFn: () => Domains.list(appId),
    refetchInterval: (query) => (needsPolling(query.state.data?.domains ?? []) ? DOMAIN_POLL_MS : false),
  });
