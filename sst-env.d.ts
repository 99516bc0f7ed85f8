/* Kept in step with stacks/ by hand: `sst dev`/`sst deploy` regenerate it in the cloud. */
/* eslint-disable */
/* deno-fmt-ignore-file */
import "sst";
declare module "sst" {
  export interface Resource {
    AppRealtime: { managementEndpoint: string; type: "sst.aws.ApiGatewayWebSocket"; url: string };
    AuthSecret: { type: "sst.sst.Secret"; value: string };
    Files: { name: string; type: "sst.aws.Bucket" };
    Kiln: {
      type: "sst.sst.Linkable";
      local: boolean;
      webUrl: string;
      /** the origin of an app's own host, with `{host}` standing for `{slug}` or `preview--{slug}` */
      appsUrl: string;
      socketUrl: string;
      mailFrom: string;
      cognito: { userPoolId: string; userPoolClientId: string; domain: string; region: string } | null;
    };
    Realtime: { managementEndpoint: string; type: "sst.aws.ApiGatewayWebSocket"; url: string };
    Table: { name: string; type: "sst.aws.Dynamo" };
    Worker: { name: string; type: "sst.aws.Function" };
  }
}
export {};
