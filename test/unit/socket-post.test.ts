import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from "@aws-sdk/client-apigatewaymanagementapi";
import { SignatureV4 } from "@smithy/signature-v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SocketPost } from "../../functions/core/realtime/socket-post";

const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };

const { Sha256 } = SocketPost;

interface Received {
  path: string;
  body: string;
  /** the request's signature checked as API Gateway checks it: re-signed from what arrived */
  valid: boolean;
}

/** A management endpoint that checks SigV4 from the request as it arrived (path, signed headers, body): 410 for "gone". */
function endpoint() {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const auth = /Credential=[^/]+\/[^/]+\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)/.exec(String(req.headers.authorization));
    let valid = false;
    if (auth) {
      const [, region, service, signedHeaders, signature] = auth;
      const headers = Object.fromEntries(signedHeaders.split(";").map((h) => [h, String(req.headers[h])]));
      const amzDate = headers["x-amz-date"];
      const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
      const resigned = await new SignatureV4({ service, region, credentials, sha256: Sha256 }).sign(
        { method: req.method!, protocol: "http:", hostname: "127.0.0.1", path: req.url!, query: {}, headers, body },
        { signingDate },
      );
      valid = String(resigned.headers.authorization).endsWith(`Signature=${signature}`) && service === "execute-api";
    }
    const path = req.url!;
    received.push({ path, body: body.toString("utf8"), valid });
    if (path.endsWith("/gone")) res.writeHead(410, { "x-amzn-errortype": "GoneException" }).end("{}");
    else res.writeHead(valid ? 200 : 403, valid ? {} : { "x-amzn-errortype": "ForbiddenException" }).end(valid ? "" : '{"message":"Forbidden"}');
  });
  return { server, received };
}

describe("SocketPost: PostToConnection without the SDK's middleware", () => {
  const { server, received } = endpoint();
  let url = "";
  const saved = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_REGION: "eu-west-1" });
    delete process.env.AWS_SESSION_TOKEN;
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod`;
  });
  afterAll(async () => {
    process.env = saved;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("sends the request the SDK sends: same path, same body, a signature valid for execute-api", async () => {
    const id = "L0SM9cOFvHcCIhw=";
    const frame = new TextEncoder().encode('{"event":"update_model","data":{"n":1}}');
    const sdk = new ApiGatewayManagementApiClient({ endpoint: url, region: "eu-west-1", credentials });
    await sdk.send(new PostToConnectionCommand({ ConnectionId: id, Data: frame }));
    expect(await SocketPost.post(url, id, frame)).toBe(true);

    const [fromSdk, fromUs] = received.slice(-2);
    expect(fromSdk.valid).toBe(true);
    expect(fromUs).toEqual({ path: fromSdk.path, body: fromSdk.body, valid: true });
    expect(fromUs.path).toBe("/prod/@connections/L0SM9cOFvHcCIhw%3D");
  });

  it("answers false for a gone connection (410), as the SDK throws GoneException", async () => {
    const sdk = new ApiGatewayManagementApiClient({ endpoint: url, region: "eu-west-1", credentials });
    await expect(sdk.send(new PostToConnectionCommand({ ConnectionId: "gone", Data: new Uint8Array([123, 125]) }))).rejects.toBeInstanceOf(GoneException);
    expect(await SocketPost.post(url, "gone", new Uint8Array([123, 125]))).toBe(false);
  });

  it("throws the gateway's error type for a refused post, without retrying it", async () => {
    process.env.AWS_SECRET_ACCESS_KEY = "not-the-key";
    const before = received.length;
    try {
      await expect(SocketPost.post(`${url.replace("/prod", "/other")}`, "abc", new Uint8Array([1]))).rejects.toMatchObject({ name: "ForbiddenException", status: 403 });
    } finally {
      process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    }
    expect(received.length - before).toBe(1);
  });
});
