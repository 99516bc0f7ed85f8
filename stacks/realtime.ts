/// <reference path="../.sst/platform/config.d.ts" />

/**
 * The WebSocket API behind the per-app real-time rooms. Its routes (one per key of
 * `socketRoutes` in stacks/routes.ts, all served by functions/realtime.ts) are
 * added in stacks/api.ts, once the functions' links, which include this API's
 * own URL and management endpoint, exist.
 */
export const realtime = new sst.aws.ApiGatewayWebSocket("Realtime");
