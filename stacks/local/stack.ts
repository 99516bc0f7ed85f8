import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import sirv from "sirv";
import { createAppHost, isRuntimePath, siteOf } from "./app-host";
import { holdDataDir } from "./data-dir";
import { ENTRI_ORIGINS } from "../../schemas/domains";
import { builderHeaders } from "../security-headers";
import { startDnsStandIn } from "./dns/index";
import { guardPipedFiles } from "./static-files";
import { createHttpGateway } from "./http-gateway";
import { STORAGE_PATH, createStorageGateway } from "./storage-gateway";
import { LOOPBACK, StartupError, assertPortFree, freePort, startDynamo, startS3, stopProcess } from "./processes";
import { startCronTicker, startJobRunner, startStreamPoller } from "./runners";
import { startSandboxStandIn } from "./sandbox";
import { startStripeStandIn } from "./stripe/index";
import { ensureTable } from "./table";
import type { OidcSettings } from "./team";
import { STAGE, createSocketGateway } from "./ws-gateway";

export interface LocalStackOptions {
  /** The one port people open; 0 picks a free one (tests). */
  port: number;
  /**
   * The address Kiln's server listens on (`HOST`): loopback when omitted, so only this machine can
   * open it. Every other part (the stand-ins, the functions' API) listens on loopback whatever this is.
   */
  host?: string;
  /** Where DynamoDB Local and s3rver keep data; null keeps everything in a temporary place (tests, bench). */
  dataDir: string | null;
  /** The built SPA to serve; omitted serves the API alone. */
  webDir?: string;
  /** Create the seeded accounts on first start. */
  seed?: boolean;
  /**
   * A team's Kiln (`npm run team`, stacks/local/team.ts): people sign in with e-mail, password and a
   * mailed code, the first account becomes the admin, and there is no identity page and no
   * `/api/local/*` (404, as in the cloud).
   */
  team?: boolean;
  /**
   * Where people reach Kiln when a reverse proxy stands in front (a team's box): the builder's origin and
   * the apps' (`{host}` standing for an app's label). Links, sockets and the builder's headers use these;
   * the proxy sends the builder's requests with `Host: localhost` and an app's with `Host: {label}.localhost`.
   */
  publicUrls?: { webUrl: string; appsUrl: string };
  /** A team's single sign-on (OIDC_*, stacks/local/team.ts), beside the password; its secret reaches the handlers only. */
  oidc?: OidcSettings;
  /** A team's sign-up limit (KILN_SIGNUP_DOMAINS): the e-mail domains a new account may have. */
  signupDomains?: string[];
  log?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  port: number;
  socketUrl: string;
  /** Milliseconds from call to every part answering. */
  startupMs: number;
  /** Resolves once every queued job has run (tests). */
  jobsIdle(): Promise<void>;
  stop(): Promise<void>;
}

const TABLE = "kiln";
const FUNCTION_API_HOST = "127.0.0.2";
const BUCKET = "kiln-files";

/** A secret kept beside the data, so a restart keeps signed-in sessions and the Stripe stand-in's keys. */
function localSecret(dataDir: string | null, name: string, prefix = ""): string {
  if (!dataDir) return prefix + randomBytes(32).toString("hex");
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = prefix + randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Stripe: a real account when STRIPE_SECRET_KEY is set (its webhooks forwarded with
 * `stripe listen --forward-to …/api/billing/webhook`, whose secret goes in STRIPE_WEBHOOK_SECRET);
 * otherwise the local stand-in, whose keys live beside the data.
 */
function stripeLink(dataDir: string | null, standInPort: number) {
  const real = process.env.STRIPE_SECRET_KEY;
  if (real) return { secretKey: real, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "", host: null, port: null, protocol: null, local: false };
  return {
    secretKey: localSecret(dataDir, "stripe-secret-key", "sk_test_kiln_local_"),
    webhookSecret: localSecret(dataDir, "stripe-webhook-secret", "whsec_kiln_local_"),
    host: "localhost",
    port: standInPort,
    protocol: "http" as const,
    local: true,
  };
}

const processState = globalThis as { __kilnLocalStackStarted?: boolean };

/**
 * The whole Kiln stack on one machine, with the same handlers the cloud runs.
 * One per process: like a Lambda container, handlers read their links
 * (SST_RESOURCE_*, endpoints) once and keep their clients.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  if (processState.__kilnLocalStackStarted)
    throw new StartupError("A local Kiln stack was already started in this process; use startLocalStackProcess() for another one.");
  processState.__kilnLocalStackStarted = true;
  const started = Date.now();
  const log = options.log ?? (() => {});
  const mail = await mailSettings();
  if (options.port) await assertPortFree(options.port, options.host ?? LOOPBACK);
  const scratch = options.dataDir ? null : mkdtempSync(path.join(os.tmpdir(), "kiln-"));
  const dataDir = options.dataDir ?? scratch!;
  mkdirSync(dataDir, { recursive: true });
  const lock = options.dataDir ? holdDataDir(dataDir) : null;
  if (typeof lock === "string") throw new StartupError(lock);

  const [dynamoPort, s3Port, managementPort, stripePort, sandboxPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const { servers, port } = await listenKiln(options.port, options.host);
  const functionApi = await listenFunctionApi();
  const url = `http://localhost:${port}`;
  const socketUrl = `ws://localhost:${port}/ws`;
  const webUrl = options.publicUrls?.webUrl.replace(/\/$/, "") ?? url;
  const appsUrl = options.publicUrls?.appsUrl ?? `http://{host}.localhost:${port}`;
  const publicSocketUrl = options.publicUrls ? `${webUrl.replace(/^http/, "ws")}/ws` : socketUrl;
  const stripe = stripeLink(options.dataDir, stripePort);
  const dns = await startDnsStandIn({ dataFile: options.dataDir ? path.join(dataDir, "dns.json") : null, log });

  // The links SST injects in the cloud, injected the same way here, before any handler reads them.
  const env: Record<string, string> = {
    AWS_REGION: process.env.AWS_REGION ?? "us-east-1",
    // s3rver checks signatures against its own fixed key pair; DynamoDB Local accepts any.
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    AWS_EC2_METADATA_DISABLED: "true",
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${dynamoPort}`,
    AWS_ENDPOINT_URL_DYNAMODB_STREAMS: `http://127.0.0.1:${dynamoPort}`,
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
    SST_RESOURCE_App: JSON.stringify({ name: "kiln", stage: "local" }),
    SST_RESOURCE_Table: JSON.stringify({ name: TABLE, type: "sst.aws.Dynamo" }),
    SST_RESOURCE_Files: JSON.stringify({ name: BUCKET, type: "sst.aws.Bucket" }),
    SST_RESOURCE_Realtime: JSON.stringify({
      managementEndpoint: `http://127.0.0.1:${managementPort}/${STAGE}`,
      url: publicSocketUrl,
      type: "sst.aws.ApiGatewayWebSocket",
    }),
    SST_RESOURCE_AuthSecret: JSON.stringify({ value: localSecret(options.dataDir, "auth-secret"), type: "sst.sst.Secret" }),
    SST_RESOURCE_Stripe: JSON.stringify({ ...stripe, type: "sst.sst.Linkable" }),
    SST_RESOURCE_Worker: JSON.stringify({ name: "kiln-local-worker", type: "sst.aws.Function" }),
    SST_RESOURCE_FunctionSandbox: JSON.stringify({ name: "kiln-local-sandbox", url: `http://127.0.0.1:${sandboxPort}`, type: "sst.aws.Function" }),
    // The sandbox's own settings: its folder, and the ports of the services a function must never reach.
    SANDBOX_DIR: path.join(dataDir, "sandbox"),
    SANDBOX_INTERNAL_PORTS: [port, dynamoPort, s3Port, managementPort, stripePort, sandboxPort, ...dns.ports].join(","),
    // the one address of Kiln's API functions may call: a listener of its own, with no local-only routes
    SANDBOX_API_URL: functionApi.url,
    // custom domains: verification asks the DNS stand-in; www CNAMEs point at apps.localhost, roots at 127.0.0.1 (both reach this server)
    SST_RESOURCE_CustomDomains: JSON.stringify({
      type: "sst.sst.Linkable",
      resolver: [dns.server],
      cnameTarget: "apps.localhost",
      aRecords: ["127.0.0.1"],
      localControlUrl: dns.controlUrl,
      entri: { applicationId: process.env.ENTRI_APP_ID ?? "", secret: process.env.ENTRI_SECRET ?? "", apiUrl: process.env.ENTRI_API_URL ?? "https://api.goentri.com" },
    }),
    SST_RESOURCE_Kiln: JSON.stringify({
      type: "sst.sst.Linkable",
      local: true,
      team: options.team === true,
      webUrl,
      appsUrl,
      // a team's people are on other machines: storage links go through Kiln's origin (stacks/local/storage-gateway.ts)
      ...(options.team ? { storageUrl: `${webUrl}${STORAGE_PATH}` } : {}),
      ...(options.team && options.oidc ? { oidc: options.oidc } : {}),
      ...(options.team && options.signupDomains?.length ? { signupDomains: options.signupDomains } : {}),
      socketUrl: publicSocketUrl,
      mailFrom: mail.from,
      cognito: null,
    }),
  };
  Object.assign(process.env, env);

  // Stopped in reverse: the server, cron, the stream poller and the jobs first, the stand-ins they use last.
  const stops: (() => Promise<unknown> | unknown)[] = [() => lock?.release(), () => dns.stop()];
  const stop = async () => {
    for (const fn of stops.reverse()) {
      // a part that hangs is left behind after a few seconds, never the whole stop
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.resolve().then(fn), new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
    }
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };

  try {
    if (mail.server) log(`E-mail goes out through the SMTP server at ${mail.server}, from ${mail.from}.`);
    log("Starting DynamoDB Local and s3rver…");
    const [dynamo, s3] = await Promise.all([
      startDynamo(options.dataDir ? path.join(dataDir, "dynamodb") : null, dynamoPort),
      startS3(path.join(dataDir, "s3"), s3Port, BUCKET),
    ]);
    stops.push(() => stopProcess(dynamo), () => stopProcess(s3));

    const { streamArn } = await ensureTable(new DynamoDBClient({}), TABLE);

    if (stripe.local) {
      const standIn = await startStripeStandIn({
        port: stripePort,
        dataFile: options.dataDir ? path.join(dataDir, "stripe.json") : null,
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        webhookUrl: `${url}/api/billing/webhook`,
        log,
      });
      stops.push(() => standIn.stop());
    }

    const sandbox = await startSandboxStandIn(sandboxPort, log);
    stops.push(() => sandbox.stop());

    const sockets = await createSocketGateway(managementPort);
    stops.push(() => sockets.close());
    const jobs = await startJobRunner();
    stops.push(async () => {
      const left = await jobs.stop();
      if (left) log(`Left ${left} running job(s) unfinished.`);
    });
    const stream = await startStreamPoller(streamArn);
    stops.push(() => stream.stop());
    const cron = await startCronTicker();
    stops.push(() => cron.stop());

    const gateway = createHttpGateway({ localRoutes: !options.team });
    const functionGateway = createHttpGateway({ localRoutes: false });
    await Promise.all([gateway.warm(), functionGateway.warm()]);

    if (options.team) {
      const { Users } = await import("../../functions/core/identity/users.ts");
      await Users.closeFirstAdminSeatIfUsersExist();
    } else if (options.seed) {
      const { seed } = await import("../../functions/core/identity/seed.ts");
      const created = await seed();
      if (created) log(`Seeded ${created} account(s).`);
    }

    const web = options.webDir && existsSync(options.webDir) ? sirv(options.webDir, { single: true, dev: false, etag: true }) : null;
    const appHost = web ? createAppHost(options.webDir!, webUrl) : null;
    // the builder PUTs uploads straight to the bucket with presigned URLs (s3rver here, S3 in the cloud); on a team's box through its own origin
    const builder = builderHeaders({ appsOrigin: appsUrl.replace("{host}", "*"), connect: options.team ? [] : [env.AWS_ENDPOINT_URL_S3], widgets: process.env.ENTRI_APP_ID ? [ENTRI_ORIGINS] : [] });
    const storage = options.team
      ? createStorageGateway({ endpoint: env.AWS_ENDPOINT_URL_S3, bucket: BUCKET, region: env.AWS_REGION, accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY })
      : null;
    const open = new Set<Socket>();
    const track = (s: Socket) => (open.add(s), s.on("close", () => open.delete(s)));
    functionApi.server.on("connection", track);
    functionApi.server.on("request", (req, res) => {
      const [rawPath, rawQuery = ""] = (req.url ?? "/").split("?", 2);
      if (rawPath !== "/api" && !rawPath.startsWith("/api/")) return void res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      functionGateway.serve(req, res, rawPath, rawQuery).catch(() => void (res.headersSent || res.writeHead(500).end()));
    });
    const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
      guardPipedFiles(res);
      const [rawPath, rawQuery = ""] = (req.url ?? "/").split("?", 2);
      const site = siteOf(req.headers.host, new URL(url).hostname);
      if (rawPath === "/api" || rawPath.startsWith("/api/")) {
        gateway.serve(req, res, rawPath, rawQuery).catch((err) => {
          console.error("[gateway]", err);
          if (!res.headersSent) res.writeHead(500).end();
        });
      } else if (storage && site.kind === "builder" && rawPath.startsWith(`${STORAGE_PATH}/`)) {
        storage.serve(req, res, rawPath, rawQuery);
      } else if (site.kind !== "builder" && appHost) {
        appHost(req, res, site.kind === "app" ? site.label : null, rawPath).catch(() => void (res.headersSent || res.writeHead(500).end()));
      } else if (site.kind !== "builder" || isRuntimePath(rawPath)) {
        res.writeHead(404, { "content-type": "text/plain" }).end(site.kind !== "builder" ? "The app runtime is not built (npm run build)." : "Not found");
      } else if (web) {
        for (const [name, value] of Object.entries(builder)) res.setHeader(name, value);
        web(req, res, () => void res.writeHead(404).end("Not found"));
      } else {
        res.writeHead(404, { "content-type": "text/plain" }).end("The web app is not built (npm run build).");
      }
    };
    for (const server of servers) {
      server.on("connection", track);
      server.on("request", onRequest);
      server.on("upgrade", (req, socket, head) => {
        if (sockets.serves(req.url)) sockets.upgrade(req, socket, head).catch(() => socket.destroy());
        else socket.destroy();
      });
    }
    stops.push(() => {
      const closed = [...servers, functionApi.server].map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
      for (const s of open) s.destroy();
      return Promise.all(closed);
    });
    if (stripe.local) {
      // like a Stripe account set up for Kiln: the plans are written into the stand-in through the SDK (none twice),
      // once the server answers, so the events this sends are delivered at once
      const { ensurePlanCatalog } = await import("../../functions/core/billing/plan-catalog.ts");
      await ensurePlanCatalog();
    }
    return { url, port, socketUrl, startupMs: Date.now() - started, jobsIdle: jobs.idle, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    for (const server of [...servers, functionApi.server]) server.close();
    throw err;
  }
}

/** E-mail's settings (functions/core/mail.ts): SMTP_URL's server (shown without its password) and MAIL_FROM's sender. */
async function mailSettings(): Promise<{ server: string | null; from: string }> {
  const { Mail } = await import("../../functions/core/mail.ts");
  const smtp = Mail.smtpServerOf(process.env);
  if (typeof smtp === "string") throw new StartupError(smtp);
  const from = process.env.MAIL_FROM?.trim() || "Kiln <no-reply@kiln.local>";
  const problem = Mail.senderProblem(from);
  if (problem) throw new StartupError(problem);
  return { server: smtp?.server ?? null, from };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => (server.off("error", reject), resolve()));
  });
}

/**
 * Kiln's own server: on loopback (IPv4, and IPv6 where the machine has it, since `localhost` may
 * resolve to either), or on the address the operator opened it to with HOST, and then on loopback
 * too, since Kiln's own parts (the Stripe stand-in's webhooks, the SDK) call it at localhost.
 */
async function listenKiln(wanted: number, host: string | undefined): Promise<{ servers: http.Server[]; port: number }> {
  const first = http.createServer();
  await listen(first, wanted, host ?? LOOPBACK);
  const port = (first.address() as AddressInfo).port;
  const servers = [first];
  const also = !host ? ["::1"] : ["0.0.0.0", "::", "127.0.0.1", "localhost"].includes(host) ? [] : [LOOPBACK];
  for (const address of also) {
    const server = http.createServer();
    try {
      await listen(server, port, address);
      servers.push(server);
    } catch {
      // no IPv6 loopback on this machine, or the port is someone else's there
    }
  }
  return { servers, port };
}

/**
 * The address backend functions reach Kiln's API at: a loopback address of its own (127.0.0.2 —
 * Linux answers on all of 127.0.0.0/8), so the sandbox can close the rest of loopback to them
 * (functions/sandbox/deno.ts). Where only 127.0.0.1 exists (macOS), a port of its own there.
 */
async function listenFunctionApi(): Promise<{ server: http.Server; url: string }> {
  for (const host of [FUNCTION_API_HOST, LOOPBACK]) {
    const server = http.createServer();
    try {
      await listen(server, 0, host);
    } catch {
      continue;
    }
    return { server, url: `http://${host}:${(server.address() as AddressInfo).port}` };
  }
  throw new StartupError("No loopback address to serve backend functions' API on.");
}
