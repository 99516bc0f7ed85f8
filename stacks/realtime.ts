/// <reference path="../.sst/platform/config.d.ts" />

/**
 * The WebSocket API behind the per-app real-time rooms. Its routes (one per key of
 * `socketRoutes` in lib/routes.ts, all served by functions/sockets/builder.ts) are
 * added in stacks/api.ts, once the functions' links, which include this API's
 * own URL and management endpoint, exist.
 */
export const realtime = new sst.aws.ApiGatewayWebSocket("Realtime");

/**
 * Generated apps' real time: socket.io v4 for `@base44/sdk`'s `subscribe` (rooms
 * `entities:{appId}:{Entity}`), served by functions/sockets/app.ts on $connect, $disconnect
 * and $default (lib/routes.ts `appSocketRoutes`). Apps connect to their own host's
 * /ws-user-apps/socket.io/: the apps' host must forward that path to this API's stage.
 */
export const appRealtime = new sst.aws.ApiGatewayWebSocket("AppRealtime");
