import { readFileSync } from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../../stacks/local/processes";

/**
 * A stand-in's port is picked seconds before the stand-in binds it. One from the kernel's ephemeral
 * range may meanwhile become the local port of any outgoing connection on the machine, and a stack
 * starting beside busy ones failed with EADDRINUSE; ports below that range are never handed out so.
 */
describe.runIf(process.platform === "linux")("freePort", () => {
  it("picks free ports below the kernel's ephemeral range", async () => {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
      const server = net.createServer();
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
