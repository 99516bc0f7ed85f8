/// <reference path="../.sst/platform/config.d.ts" />
import { api } from "./api";
import { cognitoDomain, region, users, webClient } from "./auth";
import { appsDomain } from "./kiln";
import { realtime } from "./realtime";
import { apiRouteArgs, router } from "./router";

/**
 * The React SPA (web/, built by `npm run build` into dist/), served by the router
 * at `/` with the SPA fallback to index.html, and the HTTP API at `/api` on the
 * same origin. The only site that builds: dist/ also holds the app runtime
 * (dist/runtime/), which the apps' routers serve from this site's bucket (stacks/apps.ts).
 */
export const site = new sst.aws.StaticSite("Web", {
  path: ".",
  build: { command: "npm run build", output: "dist" },
  router: { instance: router },
  environment: {
    VITE_SOCKET_URL: realtime.url,
    VITE_COGNITO_USER_POOL_ID: users.id,
    VITE_COGNITO_CLIENT_ID: webClient.id,
    VITE_COGNITO_DOMAIN: cognitoDomain,
    VITE_AWS_REGION: region,
    VITE_APPS_URL: `https://{host}.${appsDomain}`,
  },
  // web/src/vite-env.d.ts declares these; keep SST's generated copy out of the sources.
  vite: { types: ".sst/vite-env.d.ts" },
});

// API Gateway answers within 30 s; CloudFront would cut the request at its default 20 s first
router.route("/api", api.url, apiRouteArgs);
