import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Storage through Kiln's own origin, for a team's box (`npm run team`): people on other machines cannot reach
 * s3rver on loopback, so the links Kiln hands out (the builder's presigned uploads, file downloads) point at
 * `{webUrl}/_storage/{bucket}/{key}?{presigned query}` and this forwards them to s3rver. In the cloud S3 answers
 * those links itself and nothing here runs.
 *
 * Only what a presigned link Kiln signed may do passes: GET and HEAD of an object, PUT of an `uploads/` object.
 * s3rver does not check SigV4 signatures (only their expiry), so the signature is checked here, with the same
 * key pair the handlers sign with: a request without one, with a forged or expired one, a bucket listing, a
 * DELETE or anything else of s3rver's API is refused before it reaches s3rver.
 */

export const STORAGE_PATH = "/_storage";

export interface StorageGatewayOptions {
  /** s3rver's address, which the links were signed for (`http://127.0.0.1:{port}`) */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** the clock, for tests */
  now?: () => number;
}

/** The headers a browser's request may carry on to storage: what a presigned GET, HEAD or PUT uses. */
const FORWARDED = ["content-type", "content-length", "content-disposition", "content-md5", "range", "if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

/** On every answer: a stored file served from the builder's origin must never run there as a page. */
const STORAGE_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  "referrer-policy": "no-referrer",
  // apps on their own origins show these files (images, media)
  "cross-origin-resource-policy": "cross-origin",
};

type Refusal = { status: number; message: string };

/** RFC 3986 encoding, as SigV4 wants it in the canonical query. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/**
 * Why a presigned request must not pass, or null when its SigV4 query signature is one these credentials made
 * for this method, object, query and signed headers (with `host` the endpoint's) and it has not expired.
 */
export function presignedRefusal(
  request: { method: string; path: string; rawQuery: string; headers: Record<string, string | string[] | undefined> },
  options: StorageGatewayOptions,
): string | null {
  const params: [string, string][] = [];
  try {
    for (const part of request.rawQuery.split("&")) {
      if (!part) continue;
      const at = part.indexOf("=");
      params.push([decodeURIComponent(at < 0 ? part : part.slice(0, at)), decodeURIComponent(at < 0 ? "" : part.slice(at + 1))]);
    }
  } catch {
    return "The query is not valid.";
  }
  const get = (name: string) => {
    const found = params.filter(([k]) => k === name);
    return found.length === 1 ? found[0][1] : undefined;
  };
  const algorithm = get("X-Amz-Algorithm");
  const credential = get("X-Amz-Credential");
  const amzDate = get("X-Amz-Date");
  const expires = get("X-Amz-Expires");
  const signedHeaders = get("X-Amz-SignedHeaders");
  const signature = get("X-Amz-Signature");
  if (algorithm !== "AWS4-HMAC-SHA256" || !credential || !amzDate || !expires || !signedHeaders || !signature) return "Only a presigned link reaches storage.";

  const [accessKeyId, day, region, service, terminator, ...rest] = credential.split("/");
  if (accessKeyId !== options.accessKeyId || region !== options.region || service !== "s3" || terminator !== "aws4_request" || rest.length) return "The link was not signed here.";
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!date || day !== amzDate.slice(0, 8) || !/^\d{1,6}$/.test(expires)) return "The link is not valid.";
  const signedAt = Date.UTC(+date[1], +date[2] - 1, +date[3], +date[4], +date[5], +date[6]);
  const now = (options.now ?? Date.now)();
  if (Number(expires) > 604_800 || now > signedAt + Number(expires) * 1000 || signedAt > now + 15 * 60_000) return "The link has expired.";

  const names = signedHeaders.split(";");
  if (!names.includes("host") || names.some((n) => !/^[a-z0-9-]+$/.test(n)) || [...names].sort().join(";") !== signedHeaders) return "The link is not valid.";
  const host = new URL(options.endpoint).host;
  const headerLines: string[] = [];
  for (const name of names) {
    const raw = name === "host" ? host : request.headers[name];
    if (raw === undefined) return "The request lacks a header the link was signed with.";
    headerLines.push(`${name}:${(Array.isArray(raw) ? raw.join(",") : raw).trim().replace(/\s+/g, " ")}\n`);
  }
  const canonicalQuery = params
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [request.method, request.path, canonicalQuery, headerLines.join(""), signedHeaders, get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD"].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, createHash("sha256").update(canonicalRequest, "utf8").digest("hex")].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), region), "s3"), "aws4_request");
  const expected = createHmac("sha256", key).update(stringToSign, "utf8").digest();
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "The link's signature does not match.";
  return null;
}

/** Which storage request may pass: a presigned GET or HEAD of an object of the bucket, or PUT of an upload. */
export function storageRefusal(method: string, objectPath: string, rawQuery: string, headers: IncomingMessage["headers"], options: StorageGatewayOptions): Refusal | null {
  if (method !== "GET" && method !== "HEAD" && method !== "PUT") return { status: 405, message: "Method Not Allowed" };
  const prefix = `/${options.bucket}/`;
  if (!objectPath.startsWith(prefix) || objectPath.length === prefix.length || objectPath.includes("//")) return { status: 404, message: "Not Found" };
  let key: string;
  try {
    key = decodeURIComponent(objectPath.slice(prefix.length));
  } catch {
    return { status: 404, message: "Not Found" };
  }
  if (key.split("/").some((part) => part === ".." || part === ".")) return { status: 404, message: "Not Found" };
  if (method === "PUT" && !key.startsWith("uploads/")) return { status: 403, message: "Only uploads may be written here." };
  const refusal = presignedRefusal({ method, path: objectPath, rawQuery, headers }, options);
  return refusal ? { status: 403, message: refusal } : null;
}

export function createStorageGateway(options: StorageGatewayOptions) {
  const target = new URL(options.endpoint);

  /** Answer a request whose path starts with `/_storage/` (`rawPath` still carries that prefix). */
  function serve(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string) {
    const method = req.method ?? "GET";
    for (const [name, value] of Object.entries(STORAGE_HEADERS)) res.setHeader(name, value);
    const objectPath = rawPath.slice(STORAGE_PATH.length);
    const refusal = storageRefusal(method, objectPath, rawQuery, req.headers, options);
    if (refusal) {
      req.resume();
      res.writeHead(refusal.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ detail: refusal.message, message: refusal.message }));
      return;
    }
    const headers: Record<string, string> = { host: target.host };
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method, path: `${objectPath}${rawQuery ? `?${rawQuery}` : ""}`, headers },
      (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value === undefined || name === "connection" || name === "keep-alive" || name === "transfer-encoding") continue;
          out[name] = value;
        }
        // Chrome's PDF viewer does not open under a sandboxing policy; a PDF runs no script on this origin
        if (String(answer.headers["content-type"] ?? "").startsWith("application/pdf")) res.removeHeader("content-security-policy");
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ message: "Storage did not answer" }));
      else res.destroy();
    });
    // a browser that goes away mid-transfer ends the request to storage too
    res.on("close", () => void (res.writableFinished || upstream.destroy()));
    req.pipe(upstream);
  }

  return { serve };
}
