/* Kept in step with stacks/ by hand: `sst dev`/`sst deploy` regenerate it in the cloud. */
/* eslint-disable */
/* deno-fmt-ignore-file */
import "sst";
declare module "sst" {
  export interface Resource {
    AppRealtime: { managementEndpoint: string; type: "sst.aws.ApiGatewayWebSocket"; url: string };
    AuthSecret: { type: "sst.sst.Secret"; value: string };
    Files: { name: string; type: "sst.aws.Bucket" };
    /** custom domains (functions/core/domains/domains.ts): where verification asks DNS, this deployment's targets, the domain provider */
    CustomDomains: {
      type: "sst.sst.Linkable";
      /** DNS servers ("host:port") the verification asks; null: the system resolver */
      resolver: string[] | null;
      /** what a `www` CNAME points at */
      cnameTarget: string;
      /** A records for a root without ANAME/ALIAS; may be empty */
      aRecords: string[];
      /** on one machine: the DNS stand-in's control endpoint (stacks/local/dns); null in the cloud */
      localControlUrl: string | null;
      /** Entri (the domain-purchase widget); empty values: no provider */
      entri: { applicationId: string; secret: string; apiUrl: string };
    };
    /** the function sandbox (functions/sandbox/handler.ts): a Lambda in the cloud; on one machine the stand-in at `url` */
    FunctionSandbox: { name: string; type: "sst.aws.Function"; url?: string };
    Kiln: {
      type: "sst.sst.Linkable";
      local: boolean;
      /** a team's Kiln on one box (`npm run team`): password sign-in, no local identity page; absent in the cloud */
      team?: boolean;
      webUrl: string;
      /** a team's single sign-on (OIDC_*, stacks/local/team.ts): the provider, Kiln's client at it, the button's label; absent elsewhere */
      oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
      /** a team's sign-up limit (KILN_SIGNUP_DOMAINS): the e-mail domains a new account may have; absent: anyone */
      signupDomains?: string[];
      /** where browsers reach the bucket when its own address is loopback (a team's box: `{webUrl}/_storage`); absent in the cloud and in `npm start` */
      storageUrl?: string;
      /** the origin of an app's own host, with `{host}` standing for `{slug}` or `preview--{slug}` */
      appsUrl: string;
      socketUrl: string;
      mailFrom: string;
      cognito: { userPoolId: string; userPoolClientId: string; domain: string; region: string } | null;
    };
    /** the Stripe API: real Stripe in the cloud (host null), the local stand-in on one machine */
    Stripe: {
      type: "sst.sst.Linkable";
      secretKey: string;
      webhookSecret: string;
      host: string | null;
      port: number | null;
      protocol: "http" | "https" | null;
      local: boolean;
    };
    Realtime: { managementEndpoint: string; type: "sst.aws.ApiGatewayWebSocket"; url: string };
    Table: { name: string; type: "sst.aws.Dynamo" };
    Worker: { name: string; type: "sst.aws.Function" };
  }
}
export {};
