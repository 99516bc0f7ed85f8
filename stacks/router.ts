/// <reference path="../.sst/platform/config.d.ts" />

import { ENTRI_ORIGINS } from "../schemas/domains";
import { authSecret } from "./secrets";
import { builderEdgeCode, builderHeaders } from "./security-headers";
import { routerProof, viewerAddressEdgeCode } from "../lib/viewer-address";

/** Both routers tell the API who the viewer is (lib/viewer-address.ts): API Gateway alone sees only CloudFront. */
export const viewerAddressInjection = authSecret.value.apply((secret) => viewerAddressEdgeCode(routerProof(secret)));

/**
 * The one web origin (CloudFront). The static site (stacks/web.ts) serves `/`,
 * the HTTP API serves `/api`, so the SPA calls `/api/...` on its own origin.
 * Declared before the rest because Cognito's callback URL and the `Kiln` link
 * need its URL. Every answer leaves with the browser security headers
 * (stacks/security-headers.ts), set at the edge; every API request carries the
 * viewer's address for the sign-in limits (lib/viewer-address.ts).
 */
export const router = new sst.aws.Router("Router", {
  transform: { cachePolicy: forwardAuthorization },
  edge: {
    viewerRequest: { injection: viewerAddressInjection },
    viewerResponse: {
      injection: builderEdgeCode(
        builderHeaders({
          // stacks/kiln.ts requires KILN_APPS_DOMAIN; it is read here too since that module needs this router first
          appsOrigin: `https://*.${process.env.KILN_APPS_DOMAIN}`,
          // the WebSocket API and Cognito's token endpoint are AWS hosts of their own
          connect: ["wss://*.amazonaws.com", "https://*.amazoncognito.com"],
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

/** The public URL of the web app, without a trailing slash. */
export const webUrl = router.url.apply((url) => url.replace(/\/$/, ""));
