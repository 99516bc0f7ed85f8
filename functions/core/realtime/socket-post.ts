import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { defaultProvider } from "@aws-sdk/credential-provider-node";
import { SignatureV4 } from "@smithy/signature-v4";

/**
 * API Gateway's PostToConnection, the request the SDK's client sends (POST
 * {endpoint}/@connections/{id}, signed with SigV4 for execute-api) without its
 * per-command middleware, which costs ~0.3 ms of CPU a post: most of a broadcast
 * to 100 members. Posts share one kept-alive agent of MAX_SOCKETS connections.
 */
export namespace SocketPost {
  export const MAX_SOCKETS = 50;
  const ATTEMPTS = 3;
  const TIMEOUT_MS = 10_000;

  type Data = string | ArrayBuffer | ArrayBufferView;
  const bytes = (data: Data) =>
    typeof data === "string" ? Buffer.from(data) : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

  /** node:crypto behind the Checksum interface SignatureV4 hashes and HMACs with (the unit test re-signs with it too). */
  export class Sha256 {
    private readonly hash;
    constructor(secret?: Data) {
      this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
    }
    update(data: Data) {
      this.hash.update(bytes(data));
    }
    async digest() {
      return new Uint8Array(this.hash.digest());
    }
  }

  /** A failed post: `name` is API Gateway's error type (ForbiddenException, PayloadTooLargeException, …). */
  export class PostError extends Error {
    constructor(
      readonly name: string,
      readonly status: number,
      message: string,
    ) {
      super(message);
    }
  }

  interface Target {
    url: URL;
    signer: SignatureV4;
    agent: http.Agent;
  }
  const targets = new Map<string, Target>();

  function target(endpoint: string): Target {
    let found = targets.get(endpoint);
    if (!found) {
      const url = new URL(endpoint.replace(/\/$/, ""));
      const secure = url.protocol === "https:";
      found = {
        url,
        signer: new SignatureV4({ service: "execute-api", region: process.env.AWS_REGION ?? "us-east-1", credentials: defaultProvider(), sha256: Sha256 }),
        agent: new (secure ? https : http).Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      };
      targets.set(endpoint, found);
    }
    return found;
  }

  /** Post one frame to one connection: true when delivered, false when the connection is gone (410); else throws PostError. */
  export async function post(endpoint: string, connectionId: string, body: Uint8Array): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(target(endpoint), connectionId, body);
      } catch (err) {
        // Throttling, a gateway hiccup or a dropped kept-alive socket is retried, as the SDK's standard retry would.
        const retryable = !(err instanceof PostError) || err.status === 429 || err.status >= 500;
        if (!retryable || attempt >= ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * 50 * 2 ** attempt));
      }
    }
  }

  async function once({ url, signer, agent }: Target, connectionId: string, body: Uint8Array): Promise<boolean> {
    const path = `${url.pathname}/@connections/${encodeURIComponent(connectionId)}`;
    const signed = await signer.sign({
      method: "POST",
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path,
      query: {},
      headers: { host: url.host, "content-type": "application/octet-stream", "content-length": String(body.byteLength) },
      body,
    });
    return new Promise<boolean>((resolve, reject) => {
      const req = (url.protocol === "https:" ? https : http).request(
        { protocol: url.protocol, hostname: url.hostname, port: url.port || undefined, method: "POST", path, headers: signed.headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) return resolve(true);
            if (status === 410) return resolve(false);
            const text = Buffer.concat(chunks).toString("utf8");
            const type = String(res.headers["x-amzn-errortype"] ?? "").split(":")[0] || `HTTP ${status}`;
            reject(new PostError(type, status, `PostToConnection answered ${status} ${type}: ${text.slice(0, 200)}`));
          });
        },
      );
      req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`PostToConnection did not answer within ${TIMEOUT_MS} ms`)));
      req.on("error", reject);
      req.end(body);
    });
  }
}
