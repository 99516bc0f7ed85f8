/// <reference path="../.sst/platform/config.d.ts" />

import { ENTRI_ORIGINS } from "../schemas/domains";
import { authSecret } from "./secrets";
import { builderEdgeCode, builderHeaders } from "./security-headers";
import { routerProof, viewerAddressEdgeCode } from "../lib/viewer-address";
import { builderRoutingEdgeCode } from "./edge/app-routing";

/** Both routers tell the API who the viewer is (lib/viewer-address.ts): API Gateway alone sees only CloudFront. */
export const viewerAddressInjection = authSecret.value.apply((secret) => viewerAddressEdgeCode(routerProof(secret)));

/**
 * The builder's own domain (optional): KILN_DOMAIN, e.g. "kiln.example.com". SST issues its certificate
 * and adds its DNS records when the zone is in Route 53; KILN_DOMAIN_CERT_ARN names a certificate made
 * elsewhere instead (ACM, us-east-1, already issued), and the operator points the name at the router's
 * CloudFront address (the `webDistribution` output) themselves.
 */
export const builderDomain = process.env.KILN_DOMAIN?.trim().toLowerCase() || undefined;
const builderDomainCert = process.env.KILN_DOMAIN_CERT_ARN?.trim() || undefined;
if (builderDomainCert && !builderDomain) {
  throw new Error("KILN_DOMAIN_CERT_ARN is set without KILN_DOMAIN: set KILN_DOMAIN to the builder's domain the certificate names.");
}
// generated code runs under the apps' domain: the builder is never one of its hosts
const appsDomainName = process.env.KILN_APPS_DOMAIN?.trim().toLowerCase();
if (builderDomain && appsDomainName && (builderDomain === appsDomainName || builderDomain.endsWith(`.${appsDomainName}`))) {
  throw new Error(`KILN_DOMAIN (${builderDomain}) is under KILN_APPS_DOMAIN (${appsDomainName}), where generated apps are served: give the builder a domain of its own.`);
}

/**
 * The one web origin (CloudFront). The static site (stacks/web.ts) serves `/`,
 * the HTTP API serves `/api`, so the SPA calls `/api/...` on its own origin.
 * Declared before the rest because Cognito's callback URL and the `Kiln` link
 * need its URL. Every answer leaves with the browser security headers
 * (stacks/security-headers.ts), set at the edge; every API request carries the
 * viewer's address for the sign-in limits (lib/viewer-address.ts), and the app runtime's page,
 * uploaded beside the builder's, is refused here (stacks/edge/app-routing.ts).
 */
export const router = new sst.aws.Router("Router", {
  ...(builderDomain ? { domain: builderDomainCert ? { name: builderDomain, dns: false as const, cert: builderDomainCert } : builderDomain } : {}),
  transform: { cachePolicy: forwardAuthorization },
  edge: {
    viewerRequest: { injection: viewerAddressInjection.apply((code) => `${code}\n${builderRoutingEdgeCode}`) },
    viewerResponse: {
      injection: builderEdgeCode(
        builderHeaders({
          // stacks/kiln.ts requires KILN_APPS_DOMAIN; it is read here too since that module needs this router first
          appsOrigin: `https://*.${process.env.KILN_APPS_DOMAIN}`,
          // the WebSocket API and Cognito's token endpoint are AWS hosts of their own; uploads PUT straight to the
          // bucket's regional host (https://<bucket>.s3.<region>.amazonaws.com, POST /api/files/upload-url)
          connect: ["wss://*.amazonaws.com", "https://*.amazoncognito.com", "https://*.amazonaws.com"],
          // Buy Domain's widget (stacks/domains.ts), only when a domain provider is configured
          widgets: process.env.ENTRI_APP_ID ? [ENTRI_ORIGINS] : [],
        }),
      ),
    },
  },
});

/**
 * CloudFront forwards `Authorization` to an origin only when the header is part of
 * the cache key (an origin request policy cannot forward it while caching is on).
 * Without this, bearer-token API calls through a router arrive unsigned.
 */
export function forwardAuthorization(args: aws.cloudfront.CachePolicyArgs): undefined {
  args.parametersInCacheKeyAndForwardedToOrigin = $output(args.parametersInCacheKeyAndForwardedToOrigin).apply((params) => ({
    ...params,
    headersConfig: {
      headerBehavior: "whitelist",
      headers: {
        items: [...new Set([...(params.headersConfig.headers?.items ?? []), "authorization"])],
      },
    },
  }));
}

/** Every router's `/api` route: publish and export run inside the request; 60 s is the most CloudFront allows without a quota raise. */
export const apiRouteArgs = { readTimeout: "60 seconds" } satisfies sst.aws.RouterUrlRouteArgs;

/**
 * The public URL of the web app, without a trailing slash: its own domain when it has one (the `Kiln` link,
 * Cognito's callback and sign-out URLs in stacks/auth.ts, the apps' frame-ancestors), else CloudFront's address.
 */
export const webUrl = builderDomain ? $output(`https://${builderDomain}`) : router.url.apply((url) => url.replace(/\/$/, ""));
