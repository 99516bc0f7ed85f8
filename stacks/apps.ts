/// <reference path="../.sst/platform/config.d.ts" />
import { api } from "./api";
import { customDomainsTarget, servedCustomDomains } from "./domains";
import { appsDomain } from "./kiln";
import { appRealtime } from "./realtime";
import { forwardAuthorization, viewerAddressInjection, webUrl } from "./router";
import { appsEdgeCode } from "./security-headers";

/**
 * Generated apps' own origins (DESIGN §5): `{slug}.<apps domain>` (published) and
 * `preview--{slug}.<apps domain>` (the editor's preview), never the builder's origin.
 * One router on the wildcard domain: `/api` is the same HTTP API the builder calls,
 * so `@base44/sdk` with `serverUrl: ""` works same-origin, and every other path is the
 * app runtime: the static bundle `npm run build` makes (dist/runtime/index.html and
 * its assets), which finds its app from its host (GET /api/apps/public/prod/domain/{host}).
 * Locally stacks/local/app-host.ts serves the same on `*.localhost`.
 */
export const appsRouter = new sst.aws.Router("AppsRouter", {
  domain: { name: appsDomain!, aliases: [`*.${appsDomain}`] },
  transform: { cachePolicy: forwardAuthorization },
  // the apps' CSP (stacks/security-headers.ts): the preview host may be framed by the builder only
  edge: { viewerRequest: { injection: viewerAddressInjection }, viewerResponse: { injection: webUrl.apply(appsEdgeCode) } },
});

export const appsRuntime = new sst.aws.StaticSite("AppsRuntime", {
  path: ".",
  build: { command: "npm run build", output: "dist" },
  // Single page: any path an app links to (/Tasks, /TaskDetail?id=…) is the runtime.
  indexPage: "runtime/index.html",
  errorPage: "runtime/index.html",
  router: { instance: appsRouter },
  vite: { types: ".sst/vite-env.d.ts" },
});

appsRouter.route("/api", api.url);
// `@base44/sdk`'s subscribe: socket.io at /ws-user-apps/socket.io/ on the app's own origin, carried by
// CloudFront to the AppRealtime WebSocket API's stage (which takes the upgrade at its root).
// Declared, not yet exercised against a real deployment: the local stack serves this path in tests.
appsRouter.route(
  "/ws-user-apps",
  appRealtime.url.apply((url) => url.replace(/^wss:/, "https:")),
  { rewrite: { regex: "^/ws-user-apps/socket.io/?(.*)$", to: "/$1" } },
);

/**
 * Verified custom domains (functions/core/domains/domains.ts) on CloudFront: a router of their own whose
 * certificate names each domain the operator lists in KILN_CUSTOM_DOMAINS. Its pages come from the
 * apps router through `domains.<apps domain>` (the runtime finds its app from the visitor's host);
 * `/api` and the apps' socket path go where the apps router sends them.
 * Left to the operator: list a domain once Kiln shows it Verified, deploy, give its owner the
 * certificate's validation CNAME (`customDomainValidation` below, or the ACM console), and re-deploy to drop one.
 */
export const customDomainsCertificate = servedCustomDomains.length
  ? new aws.acm.Certificate(
      "CustomDomainsCertificate",
      { domainName: servedCustomDomains[0]!, subjectAlternativeNames: servedCustomDomains.slice(1), validationMethod: "DNS" },
      // CloudFront takes certificates from us-east-1 only
      { provider: new aws.Provider("CustomDomainsCertificateRegion", { region: "us-east-1" }) },
    )
  : undefined;

export const customDomainsRouter = customDomainsCertificate
  ? new sst.aws.Router("CustomDomainsRouter", {
      domain: { name: servedCustomDomains[0]!, aliases: servedCustomDomains.slice(1), dns: false, cert: customDomainsCertificate.arn },
      transform: { cachePolicy: forwardAuthorization },
      edge: { viewerRequest: { injection: viewerAddressInjection }, viewerResponse: { injection: webUrl.apply(appsEdgeCode) } },
    })
  : undefined;

if (customDomainsRouter) {
  customDomainsRouter.route("/api", api.url);
  customDomainsRouter.route(
    "/ws-user-apps",
    appRealtime.url.apply((url) => url.replace(/^wss:/, "https:")),
    { rewrite: { regex: "^/ws-user-apps/socket.io/?(.*)$", to: "/$1" } },
  );
  customDomainsRouter.route("/", `https://${customDomainsTarget}`);
}

export const customDomainValidation = customDomainsCertificate?.domainValidationOptions;
