import dgram from "node:dgram";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as packet from "dns-packet";
import { LocalDnsRecords } from "../../../schemas/domains";
import { type Zone, answer } from "./zone";

export interface DnsStandIn {
  /** "127.0.0.1:{port}": what the verification's resolver is pointed at (setServers) */
  server: string;
  /** where records are set: PUT {controlUrl}/records/{name} with { cname, a, aaaa, txt } */
  controlUrl: string;
  ports: number[];
  stop(): Promise<void>;
}

/**
 * DNS on one machine (DESIGN §1): a small authoritative UDP server on loopback that answers A, AAAA,
 * CNAME and TXT questions from records set through a loopback HTTP control endpoint (the local-only
 * `PUT /api/local/dns/{domain}` forwards there), so tests and `npm start` can make a custom domain
 * verify or fail. `*.localhost` answers 127.0.0.1; any other unknown name is NXDOMAIN. With a data
 * file the records survive a restart.
 */
export async function startDnsStandIn(options: { dataFile: string | null; log: (line: string) => void }): Promise<DnsStandIn> {
  const zone: Zone = new Map(options.dataFile && existsSync(options.dataFile) ? (JSON.parse(readFileSync(options.dataFile, "utf8")) as [string, LocalDnsRecords][]) : []);
  const save = () => options.dataFile && writeFileSync(options.dataFile, JSON.stringify([...zone]));

  const udp = dgram.createSocket("udp4");
  udp.on("message", (message, peer) => {
    let query: packet.DecodedPacket;
    try {
      query = packet.decode(message);
    } catch {
      return; // not DNS: nothing to answer
    }
    const question = query.questions?.[0];
    const found = question ? answer(zone, question.name, question.type) : null;
    const flags = packet.AUTHORITATIVE_ANSWER | (query.flag_rd ? packet.RECURSION_DESIRED : 0) | (found === null ? 3 : 0); // rcode 3: NXDOMAIN
    const reply = packet.encode({ type: "response", id: query.id, flags, questions: query.questions, answers: found ?? [] });
    udp.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once("error", reject);
    udp.bind(0, "127.0.0.1", () => resolve());
  });
  const dnsPort = udp.address().port;

  const control = http.createServer(async (req, res) => {
    const name = /^\/records\/([^/]+)$/.exec(req.url ?? "")?.[1];
    if (req.method === "GET" && req.url === "/records") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(Object.fromEntries(zone)));
    if (req.method !== "PUT" || !name) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parsed = LocalDnsRecords.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"));
    if (!parsed.success) return void res.writeHead(400).end(parsed.error.message);
    const key = decodeURIComponent(name).toLowerCase().replace(/\.$/, "");
    const { cname, a, aaaa, txt } = parsed.data;
    if (cname.length + a.length + aaaa.length + txt.length === 0) zone.delete(key);
    else zone.set(key, { cname: cname.map((c) => c.toLowerCase().replace(/\.$/, "")), a, aaaa, txt });
    save();
    options.log(`[dns] ${key}: ${JSON.stringify(zone.get(key) ?? "removed")}`);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve, reject) => {
    control.once("error", reject);
    control.listen(0, "127.0.0.1", () => resolve());
  });
  const controlPort = (control.address() as AddressInfo).port;

  return {
    server: `127.0.0.1:${dnsPort}`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    ports: [dnsPort, controlPort],
    async stop() {
      await Promise.all([new Promise<void>((resolve) => udp.close(() => resolve())), new Promise<void>((resolve) => control.close(() => resolve()))]);
    },
  };
}
