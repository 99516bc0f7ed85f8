import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SandboxStandIn {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The function sandbox on one machine: the same handler the cloud's sandbox Lambda runs
 * (functions/sandbox/handler.ts), behind a loopback port that only Kiln's API calls (POST / with the
 * Lambda payload as JSON, the handler's answer as JSON). Functions themselves run in Deno
 * child processes, so a runaway one never blocks this process.
 */
export async function startSandboxStandIn(port: number, log: (line: string) => void): Promise<SandboxStandIn> {
  const { handler } = await import("../../functions/sandbox/handler.ts");
  const { stopAll } = await import("../../functions/sandbox/pool.ts");
  const server = http.createServer(async (req, res) => {
    if (req.method !== "POST") return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const answer = await handler(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    } catch (err) {
      log(`[sandbox] ${err instanceof Error ? err.message : String(err)}`);
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: err instanceof Error ? err.message : "Sandbox failure" }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    async stop() {
      stopAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
