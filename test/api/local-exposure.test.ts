import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { call } from "./helpers";

/**
 * One machine is a real deployment (issue 21): every port the stack opens listens on loopback,
 * and the local-only routes (sign-in as anyone, tokens, the outbox) answer nothing but this
 * machine's own programs and Kiln's own pages — not an app's origin, where tenant code runs.
 */

interface Bound {
  proto: "tcp" | "udp";
  address: string;
  port: number;
}

/** Every listening TCP socket and bound UDP socket on this machine, from the kernel's tables. */
function bound(): Bound[] {
  const out: Bound[] = [];
  for (const [file, proto, v6] of [["tcp", "tcp", false], ["tcp6", "tcp", true], ["udp", "udp", false], ["udp6", "udp", true]] as const) {
    for (const line of readFileSync(`/proc/net/${file}`, "utf8").split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || (proto === "tcp" && state !== "0A")) continue;
      const [hex, port] = local.split(":");
      out.push({ proto, address: v6 ? ipv6(hex) : ipv4(hex), port: parseInt(port, 16) });
    }
  }
  return out;
}

const ipv4 = (hex: string) => [6, 4, 2, 0].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(".");
/** /proc's IPv6 words are little-endian per 32 bits; the only ones that matter here are ::, ::1 and ::ffff:a.b.c.d. */
function ipv6(hex: string): string {
  if (/^0{32}$/.test(hex)) return "::";
  if (hex === "00000000000000000000000001000000") return "::1";
  if (hex.startsWith("0000000000000000FFFF0000")) return `::ffff:${ipv4(hex.slice(24))}`;
  return hex;
}

const isLoopback = (address: string) => address.startsWith("127.") || address === "::1" || address.startsWith("::ffff:127.");

describe("what listens where", () => {
  it("every port the stack opens listens on loopback only", () => {
    const links = inject("stackLinks");
    const json = (name: string) => JSON.parse(links[name]);
    const ports: Record<string, { proto: "tcp" | "udp"; port: number }> = {
      kiln: { proto: "tcp", port: Number(new URL(inject("apiUrl")).port) },
      dynamodb: { proto: "tcp", port: Number(new URL(links.AWS_ENDPOINT_URL_DYNAMODB).port) },
      s3: { proto: "tcp", port: Number(new URL(links.AWS_ENDPOINT_URL_S3).port) },
      sockets: { proto: "tcp", port: Number(new URL(json("SST_RESOURCE_Realtime").managementEndpoint).port) },
      stripe: { proto: "tcp", port: Number(json("SST_RESOURCE_Stripe").port) },
      sandbox: { proto: "tcp", port: Number(new URL(json("SST_RESOURCE_FunctionSandbox").url).port) },
      functionsApi: { proto: "tcp", port: Number(new URL(links.SANDBOX_API_URL).port) },
      dnsControl: { proto: "tcp", port: Number(new URL(json("SST_RESOURCE_CustomDomains").localControlUrl).port) },
      dns: { proto: "udp", port: Number(String(json("SST_RESOURCE_CustomDomains").resolver[0]).split(":").pop()) },
    };
    const sockets = bound();
    const seen = Object.fromEntries(
      Object.entries(ports).map(([name, { proto, port }]) => [name, sockets.filter((s) => s.proto === proto && s.port === port).map((s) => s.address).sort()]),
    );
    for (const [name, addresses] of Object.entries(seen)) {
      expect({ name, bound: addresses.length > 0 }).toEqual({ name, bound: true });
      expect({ name, addresses: addresses.filter((a) => !isLoopback(a)) }).toEqual({ name, addresses: [] });
    }
  });
});

describe("the local-only routes", () => {
  const port = () => new URL(inject("apiUrl")).port;
  const tokenFrom = (origin?: string) =>
    call("POST", "/api/local/token", { body: { email: "admin@kiln.local" }, headers: origin ? { origin } : {} });

  it("give a token to a program on this machine and to Kiln's own pages", async () => {
    for (const origin of [undefined, `http://localhost:${port()}`, `http://127.0.0.1:${port()}`]) {
      const res = await tokenFrom(origin);
      expect({ origin, status: res.status, token: typeof res.body.access_token }).toEqual({ origin, status: 200, token: "string" });
    }
  });

  it("refuse an app's origin (tenant code in a preview or published app) and opaque origins", async () => {
    for (const origin of [`http://preview--notes.localhost:${port()}`, `http://notes.localhost:${port()}`, "null", "http://evil.example"]) {
      const res = await tokenFrom(origin);
      expect({ origin, status: res.status, token: res.body.access_token }).toEqual({ origin, status: 403, token: undefined });
    }
    const form = await call("POST", "/api/local/identity", {
      rawBody: "email=admin%40kiln.local&from_url=%2F",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://notes.localhost:${port()}` },
    });
    expect(form.status).toBe(403);
  });
});
