/// <reference path="../.sst/platform/config.d.ts" />
import { WordNet } from "../functions/agent/offline/language/wordnet";
import { access, pascal } from "./functions";
import { appRealtime, realtime } from "./realtime";
import { appSocketRoutes, routes, socketRoutes, type RouteDef } from "../lib/routes";

/**
 * The HTTP API, built from THE route table (lib/routes.ts): one Lambda per call
 * group (functions/http/<group>.ts exports `handler`) and one API Gateway route per
 * entry, so a route is listed nowhere else. Routes marked `localOnly` exist only
 * on one machine. Authorization happens in the handlers (`access` of each route).
 */
export const api = new sst.aws.ApiGatewayV2("Api");

const cloudRoutes = (Object.entries(routes) as [string, RouteDef][]).filter(([, r]) => !r.localOnly);

/** A publish builds the app's CSS (functions/core/publish/tailwind.ts): Tailwind's stylesheets and the runtime's classes. */
const publishFiles = [
  { from: "web/runtime", to: "web/runtime" },
  { from: "lib/runtime", to: "lib/runtime" },
  ...["index", "preflight", "theme", "utilities"].map((name) => ({ from: `node_modules/tailwindcss/${name}.css`, to: `node_modules/tailwindcss/${name}.css` })),
];

/** What each call group's code uses beyond the shared links (test/infra/stacks.test.ts reads the bundles to check). */
const groupNeeds: Record<string, Parameters<typeof access>> = {
  apps: ["customDomains", "functionSandbox", "stripe", "mail", "models"],
  appauth: ["mail"],
  appusers: ["mail"],
  auth: ["mail"],
  support: ["mail"],
  backend: ["functionSandbox"],
  billing: ["stripe"],
  chat: ["stripe"],
  domains: ["customDomains"],
  entities: ["appRealtime"],
  export: ["github"],
  integrations: ["functionSandbox", "stripe", "mail", "models"],
  payments: ["stripe"],
  // the admin portal's "test connection" calls the provider it is given
  providers: ["models"],
  publish: ["customDomains"],
  remix: ["customDomains", "functionSandbox", "stripe"],
  // Fix All sends the rest to the assistant as a free turn through Chat.send, whose code charges credits
  security: ["stripe"],
  supportadmin: ["stripe", "models"],
  usage: ["stripe"],
};

/** Packages a call group's code reads files of, installed beside its bundle (the offline assistant names new apps with WordNet). */
const groupInstalls: Record<string, string[]> = {
  apps: [WordNet.LAMBDA_PACKAGE],
  remix: [WordNet.LAMBDA_PACKAGE],
};

/** One function per call group, by group name. */
export const handlers = new Map<string, sst.aws.Function>();
for (const group of new Set(cloudRoutes.map(([, r]) => r.group))) {
  // backend functions' calls wait on the sandbox up to their own limit, and a publish or an export runs inside
  // its request: these groups may use all of API Gateway's 30 s (SST's default is 20 s)
  const timeout = ["backend", "publish", "export"].includes(group) ? ("30 seconds" as const) : undefined;
  // the export carries Kiln's UI kit and money rule as they are (functions/core/export/sources.ts)
  const copyFiles = group === "export" ? [{ from: "web/runtime/ui", to: "web/runtime/ui" }, { from: "schemas/money.ts", to: "schemas/money.ts" }] : group === "publish" ? publishFiles : undefined;
  handlers.set(group, new sst.aws.Function(`Api${pascal(group)}`, { handler: `functions/http/${group}.handler`, ...access(...(groupNeeds[group] ?? [])), ...(timeout ? { timeout } : {}), ...(copyFiles ? { copyFiles } : {}), ...(groupInstalls[group] ? { nodejs: { install: groupInstalls[group] } } : {}) }));
}

for (const [key, { group }] of cloudRoutes) {
  api.route(key, handlers.get(group)!.arn);
}

/** The WebSocket API's routes: every key of `socketRoutes`, all served by functions/sockets/builder.ts. */
export const realtimeHandler = new sst.aws.Function("RealtimeHandler", {
  handler: "functions/sockets/builder.handler",
  ...access(),
});

for (const route of socketRoutes) {
  realtime.route(route, realtimeHandler.arn);
}

/** Generated apps' socket.io API: every key of `appSocketRoutes`, all served by functions/sockets/app.ts. */
export const appSocketHandler = new sst.aws.Function("AppSocketHandler", {
  handler: "functions/sockets/app.handler",
  ...access("appRealtime"),
});

for (const route of appSocketRoutes) {
  appRealtime.route(route, appSocketHandler.arn);
}
