/// <reference path="../.sst/platform/config.d.ts" />
import { api } from "./api";
import { customDomainResourceName, customDomainsTarget, servedCustomDomains } from "./domains";
import { appsDomain } from "./kiln";
import { appRealtime } from "./realtime";
import { apiRouteArgs, forwardAuthorization, viewerAddressInjection, webUrl } from "./router";
import { appsEdgeCode } from "./security-headers";
import { site } from "./web";
import { APP_SOCKET_PATH, appRoutingEdgeCode, appSocketRewrite } from "./edge/app-routing";

/**
 * Generated apps' own origins (DESIGN §5): `{slug}.<apps domain>` (published) and
 * `preview--{slug}.<apps domain>` (the editor's preview), never the builder's origin.
 * One router on the wildcard domain: `/api` is the same HTTP API the builder calls,
 * so `@base44/sdk` with `serverUrl: ""` works same-origin, and every other path is the
 * app runtime from the one upload of the built web app (stacks/web.ts: dist/runtime/index.html
 * and its assets), which finds its app from its host (GET /api/apps/public/prod/domain/{host}).
 * Which path gets the runtime's page, which is a file and which is refused (the builder's own
 * page never) is stacks/edge/app-routing.ts, run at the edge here and in-process by the local
 * stack (stacks/local/app-host.ts) on `*.localhost`.
 */
export const appsRouter = new sst.aws.Router("AppsRouter", {
  domain: { name: appsDomain!, aliases: [`*.${appsDomain}`] },
  ...appOriginArgs(),
});

/**
 * What every app origin's router carries, the apps router's and each custom domain's alike: bearer tokens
 * forwarded, the edge rules of stacks/edge/app-routing.ts with the viewer's address, and the apps' CSP
 * (stacks/security-headers.ts: the preview host may be framed by the builder only).
 */
function appOriginArgs() {
  return {
    transform: { cachePolicy: forwardAuthorization },
    edge: {
      viewerRequest: { injection: viewerAddressInjection.apply((code) => `${code}\n${appRoutingEdgeCode}`) },
      viewerResponse: { injection: webUrl.apply(appsEdgeCode) },
    },
  } satisfies sst.aws.RouterArgs;
}

/** Routes every app origin shares: the API, and the socket path carried to the WebSocket API's stage. */
function routeApis(origin: sst.aws.Router) {
  origin.route("/api", api.url, apiRouteArgs);
  // `@base44/sdk`'s subscribe: socket.io at /ws-user-apps/socket.io/ on the app's own origin, carried by
  // CloudFront to the AppRealtime WebSocket API's stage (which takes the upgrade at the stage's root).
  origin.route(
    APP_SOCKET_PATH,
    appRealtime.url.apply((url) => url.replace(/^wss:/, "https:")),
    { rewrite: appRealtime.url.apply(appSocketRewrite) },
  );
}

// The runtime's files are the web site's (one build, one upload): the rules above rewrite a page path to its page.
appsRouter.routeBucket("/", site.nodes.assets!);
routeApis(appsRouter);

/**
 * Verified custom domains (functions/core/domains/domains.ts) on CloudFront, each on its own: every domain the
 * operator lists in KILN_CUSTOM_DOMAINS gets an ACM certificate naming it alone (so ACM's limit of names per
 * certificate never binds) and, once ACM has issued that certificate, a router of its own with the apps' routing.
 * Its pages come from the apps router through `domains.<apps domain>` (the runtime finds its app from the
 * visitor's host); `/api` and the apps' socket path go where the apps router sends them.
 * A domain whose owner has not added the validation record yet only waits: the deploy goes on, its router
 * comes with the first deploy after ACM issues the certificate. Left to the operator: list a domain once Kiln
 * shows it Verified, deploy, give its owner the record in the `customDomains` output (`validation`), and deploy
 * again once ACM shows the certificate issued (the output then reads "served"); drop it from the list and deploy to remove it.
 */
// CloudFront takes certificates from us-east-1 only
const CERTIFICATE_REGION = "us-east-1";

/**
 * What the certificate lookup fails with when no issued certificate names the domain (the provider's words:
 * "no ACM Certificate matching domain (…)", older "no certificate for domain … found"); any other failure
 * (access denied, throttling) fails the deploy rather than taking a served domain's router away.
 */
const NONE_ISSUED = /no (ACM )?certificate (matching domain|for domain|found)/i;

export interface CustomDomainSite {
  domain: string;
  certificate: aws.acm.Certificate;
  /** only once the certificate is issued */
  router?: sst.aws.Router;
}

async function serveCustomDomain(domain: string): Promise<CustomDomainSite> {
  const name = customDomainResourceName(domain);
  const certificate = new aws.acm.Certificate(`${name}Certificate`, { region: CERTIFICATE_REGION, domainName: domain, validationMethod: "DNS" });
  // the newest issued certificate whose name is the domain: this one once its owner has added the record
  // (ACM's record is the same for every certificate of a name in an account), or one the operator imported
  const issued = await aws.acm
    .getCertificate({ region: CERTIFICATE_REGION, domain, statuses: ["ISSUED"], mostRecent: true })
    .catch((error: unknown) => {
      if (error instanceof Error && NONE_ISSUED.test(error.message)) return undefined;
      throw error;
    });
  if (!issued) return { domain, certificate };

  const router = new sst.aws.Router(`${name}Router`, {
    domain: { name: domain, dns: false, cert: issued.arn },
    ...appOriginArgs(),
  });
  routeApis(router);
  router.route("/", `https://${customDomainsTarget}`);
  return { domain, certificate, router };
}

/** Every listed domain, served or waiting; sst.config.ts waits for it (the lookups) before the deploy's outputs. */
export const customDomainSites: Promise<CustomDomainSite[]> = Promise.all(servedCustomDomains.map(serveCustomDomain));

/**
 * The `customDomains` output, per domain: "served" or "pending validation", and the certificate's DNS
 * validation record (name, type, value) its owner adds; the record stays, ACM renews with it.
 */
export const customDomainsOutput = customDomainSites.then((sites) =>
  Object.fromEntries(
    sites.map(({ domain, certificate, router }) => [domain, { status: router ? "served" : "pending validation", validation: certificate.domainValidationOptions }]),
  ),
);
