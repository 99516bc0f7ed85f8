/// <reference path="../.sst/platform/config.d.ts" />
import { cognitoDomain, region, users, webClient } from "./auth";
import { realtime } from "./realtime";
import { webUrl } from "./router";
import { mailFrom } from "./secrets";

/**
 * `Resource.Kiln`: where this deployment's parts are, as functions/core/config.ts
 * reads it (the local stack injects the same shape with `local: true`).
 */
export const kiln = new sst.Linkable("Kiln", {
  properties: {
    local: false,
    webUrl,
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
