/// <reference path="../.sst/platform/config.d.ts" />
import { cognitoDomain, region, users, webClient } from "./auth";
import { realtime } from "./realtime";
import { webUrl } from "./router";
import { mailFrom } from "./secrets";

/**
 * `Resource.Kiln`: where this deployment's parts are, as functions/core/config.ts
 * reads it (the local stack injects the same shape with `local: true`).
 */
/**
 * Generated apps run on their own origins, `{slug}.<apps domain>` (published) and
 * `preview--{slug}.<apps domain>` (the editor's preview), never on the builder's.
 * That needs a wildcard domain: KILN_APPS_DOMAIN, e.g. "kiln-apps.example.com".
 */
export const appsDomain = process.env.KILN_APPS_DOMAIN;
if (!appsDomain) {
  throw new Error("Set KILN_APPS_DOMAIN to the wildcard domain generated apps are served on (e.g. kiln-apps.example.com).");
}

export const kiln = new sst.Linkable("Kiln", {
  properties: {
    local: false,
    webUrl,
    appsUrl: `https://{host}.${appsDomain}`,
    socketUrl: realtime.url,
    mailFrom: mailFrom.value,
    cognito: {
      userPoolId: users.id,
      userPoolClientId: webClient.id,
      domain: cognitoDomain,
      region,
    },
  },
});
