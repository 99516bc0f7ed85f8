import { Resource } from "sst";

/** Where this deployment's parts are. In the cloud SST links them; the local stack injects the same SST_RESOURCE_* variables. */
export const Config = {
  get table() {
    return Resource.Table.name;
  },
  get bucket() {
    return Resource.Files.name;
  },
  get socketManagementEndpoint() {
    return Resource.Realtime.managementEndpoint;
  },
  /** Generated apps' socket.io API. On one machine a single socket gateway serves both APIs' paths behind one management endpoint. */
  get appSocketManagementEndpoint() {
    return this.isLocal ? Resource.Realtime.managementEndpoint : Resource.AppRealtime.managementEndpoint;
  },
  get authSecret() {
    return Resource.AuthSecret.value;
  },
  get workerName() {
    return Resource.Worker.name;
  },
  get kiln() {
    return Resource.Kiln;
  },
  /** Stripe's API and the webhook signing secret: real Stripe, or on one machine the stand-in (stacks/local/stripe). */
  get stripe() {
    return Resource.Stripe;
  },
  /** Custom domains: the resolver verification asks, this deployment's DNS targets, the domain provider. */
  get customDomains() {
    return Resource.CustomDomains;
  },
  /** The function sandbox: its Lambda's name, or on one machine the stand-in's URL. */
  get functionSandbox() {
    return Resource.FunctionSandbox;
  },
  /** The origin of an app's own host: `host` is its slug (published) or `preview--{slug}` (the editor's preview). */
  appOrigin(host: string): string {
    return Resource.Kiln.appsUrl.replace("{host}", host);
  },
  /** True only when the whole stack runs on one machine (`npm start`, tests). */
  get isLocal() {
    return Resource.Kiln.local === true;
  },
};
