import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { BuyDomainConfig, CustomDomain, DOMAIN_POLL_MS, DomainList, needsPolling } from "../../../schemas/domains";
import { call } from "./client";

const id = (value: string) => encodeURIComponent(value);

/** Spec 02 §7 custom domains and Buy Domain. */
export const Domains = {
  list: (appId: string) => call("/custom-domains", { query: { app_id: appId }, schema: DomainList }),
  create: (appId: string, domain: string) => call("/custom-domains", { method: "POST", body: { domain, app_id: appId }, schema: CustomDomain }),
  verify: (domainId: string) => call(`/custom-domains/${id(domainId)}/verify`, { method: "POST", schema: CustomDomain }),
  status: (domainId: string) => call(`/custom-domains/${id(domainId)}/status`, { method: "POST", schema: CustomDomain }),
  unlink: (domainId: string) => call(`/custom-domains/${id(domainId)}/unlink`, { method: "POST", schema: CustomDomain }),
  link: (domainId: string) => call(`/custom-domains/${id(domainId)}/link`, { method: "POST", schema: CustomDomain }),
  remove: (domainId: string) => call(`/custom-domains/${id(domainId)}`, { method: "DELETE", schema: z.object({ success: z.boolean() }) }),
  buyStart: (appId: string, appName: string) => call("/apps/buy_domain/start", { method: "POST", body: { appId, appName }, schema: BuyDomainConfig }),
};

/** The app's domains; re-read every 10 s while a bought domain waits for its DNS to spread (spec 02 §4, §9), and no longer. */
export const appDomainsQuery = (appId: string) =>
  queryOptions({
    queryKey: ["domains", appId] as const,
    queryFn: () => Domains.list(appId),
    refetchInterval: (query) => (needsPolling(query.state.data?.domains ?? []) ? DOMAIN_POLL_MS : false),
  });
