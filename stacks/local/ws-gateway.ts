import { randomBytes, randomUUID } from "node:crypto";
import http, { type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { appSocketRoutes, socketRoutes } from "../../lib/routes";

/**
 * API Gateway WebSocket APIs on one machine: the same route keys ($connect,
 * $disconnect, actions by `body.action`, $default) calling the same handlers, and a
 * management endpoint at http://127.0.0.1:{port}/{stage} that
 * @aws-sdk/client-apigatewaymanagementapi talks to unchanged. The cloud has two APIs
 * (the builder's rooms and generated apps' socket.io); here one gateway tells them
 * apart by upgrade path and shares one management endpoint, connection ids being unique.
 */

type SocketHandler = (event: unknown, context: unknown) => Promise<{ statusCode?: number; body?: string } | undefined>;

export const STAGE = "local";
const MAX_FRAME = 128 * 1024;

interface Connection {
  socket: WebSocket;
  connectedAt: string;
  lastActiveAt: string;
  sourceIp: string;
  userAgent: string;
}

interface SocketApi {
  handler: SocketHandler;
  routes: readonly string[];
}

/** Upgrade path (without a trailing slash) -> the API served there. */
async function socketApis(): Promise<Map<string, SocketApi>> {
  return new Map([
    ["/ws", { handler: (await import("../../functions/sockets/builder.ts")).handler as SocketHandler, routes: socketRoutes }],
    ["/ws-user-apps/socket.io", { handler: (await import("../../functions/sockets/app.ts")).handler as SocketHandler, routes: appSocketRoutes }],
  ]);
}

const pathOf = (url: string | undefined) => (url ?? "/").split("?")[0].replace(/(.)\/$/, "$1");

export async function createSocketGateway(managementPort: number) {
  const apis = await socketApis();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
  const connections = new Map<string, Connection>();

  // API Gateway connection ids look like "L0SM9cOFvHcCIhw=".
  const newConnectionId = () => randomBytes(10).toString("base64");

  function event(connectionId: string, routeKey: string, extra: Record<string, unknown> = {}) {
    const eventType = routeKey === "$connect" ? "CONNECT" : routeKey === "$disconnect" ? "DISCONNECT" : "MESSAGE";
    return {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        messageId: eventType === "MESSAGE" ? randomUUID() : undefined,
        extendedRequestId: randomUUID(),
        requestTimeEpoch: Date.now(),
        connectedAt: Date.now(),
        stage: STAGE,
        domainName: "localhost",
        apiId: "local-ws",
        requestId: randomUUID(),
      },
      isBase64Encoded: false,
      ...extra,
    };
  }

  async function invoke(handler: SocketHandler, evt: unknown) {
    try {
      return (await handler(evt, {})) ?? { statusCode: 200 };
    } catch (err) {
      console.error("[socket gateway] handler failed:", err);
      return { statusCode: 500 };
    }
  }

  /** Whether an upgrade to this URL is one of the APIs' (stacks/local/stack.ts routes upgrades by it). */
  const serves = (url: string | undefined) => apis.has(pathOf(url));

  /** HTTP upgrade on one of the APIs' paths: $connect decides whether the socket opens. */
  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const api = apis.get(pathOf(req.url));
    if (!api) return void socket.destroy();
    const { handler, routes } = api;
    const url = new URL(req.url ?? "/", "http://localhost");
    const connectionId = newConnectionId();
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v ?? ""]));
    const result = await invoke(
      handler,
      event(connectionId, "$connect", { headers, queryStringParameters: Object.fromEntries(url.searchParams) }),
    );
    const status = result.statusCode ?? 200;
    if (status < 200 || status >= 300) {
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? "Error"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const now = new Date().toISOString();
      connections.set(connectionId, {
        socket: ws,
        connectedAt: now,
        lastActiveAt: now,
        sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      });
      ws.on("message", async (data, isBinary) => {
        const conn = connections.get(connectionId);
        if (conn) conn.lastActiveAt = new Date().toISOString();
        const body = isBinary ? Buffer.from(data as Buffer).toString("base64") : data.toString();
        let action: unknown;
        try {
          action = JSON.parse(body)?.action;
        } catch {
          action = undefined;
        }
        const routeKey = typeof action === "string" && action !== "$connect" && action !== "$disconnect" && routes.includes(action) ? action : "$default";
        if (routeKey === "$default" && !routes.includes("$default")) {
          ws.send(JSON.stringify({ message: "Forbidden", connectionId, requestId: randomUUID() }));
          return;
        }
        await invoke(handler, event(connectionId, routeKey, { body, isBase64Encoded: isBinary }));
      });
      ws.on("close", async () => {
        connections.delete(connectionId);
        await invoke(handler, event(connectionId, "$disconnect"));
      });
    });
  }

  /** The management API: POST/GET/DELETE /{stage}/@connections/{id}. */
  const management = http.createServer(async (req, res) => {
    const m = /^\/([^/]+)\/@connections\/([^/?]+)/.exec(req.url ?? "");
    if (!m || m[1] !== STAGE) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not Found" }));
      return;
    }
    const id = decodeURIComponent(m[2]);
    const conn = connections.get(id);
    const gone = () => res.writeHead(410, { "content-type": "application/json", "x-amzn-errortype": "GoneException" }).end(JSON.stringify({ message: "GoneException" }));
    if (!conn || conn.socket.readyState !== WebSocket.OPEN) return gone();
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const data = Buffer.concat(chunks);
      if (data.length > MAX_FRAME) {
        res.writeHead(413, { "content-type": "application/json", "x-amzn-errortype": "PayloadTooLargeException" }).end(JSON.stringify({ message: "Payload too large" }));
        return;
      }
      conn.socket.send(data, { binary: false });
      res.writeHead(200).end();
    } else if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          connectedAt: conn.connectedAt,
          lastActiveAt: conn.lastActiveAt,
          identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
        }),
      );
    } else if (req.method === "DELETE") {
      conn.socket.close(1000);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });

  await new Promise<void>((resolve, reject) => {
    management.once("error", reject);
    management.listen(managementPort, "127.0.0.1", resolve);
  });

  return {
    serves,
    upgrade,

    connectionCount: () => connections.size,
    async close() {
      for (const { socket } of connections.values()) socket.terminate();
      connections.clear();
      wss.close();
      await new Promise<void>((resolve) => management.close(() => resolve()));
    },
  };
}
