import { describe, expect, it } from "vitest";
import { localRouteRefusal } from "../../stacks/local/http-gateway";

/** The local-only routes answer this machine only, whatever HOST opened Kiln's server to (issue 21). */
const request = (remoteAddress: string, origin?: string) =>
  ({ socket: { remoteAddress }, headers: origin ? { origin } : {} }) as unknown as Parameters<typeof localRouteRefusal>[0];

describe("local-only routes", () => {
  it("answer loopback peers, over IPv4, IPv6 and IPv4-mapped IPv6", () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(localRouteRefusal(request(peer), { localRoutes: true })).toBeNull();
  });

  it("refuse another machine, even from the builder's origin", () => {
    for (const peer of ["192.168.1.20", "10.0.0.7", "::ffff:192.168.1.20", "fe80::1"])
      expect(localRouteRefusal(request(peer, "http://localhost:4444"), { localRoutes: true })).toBe("This local-only route answers only on the machine Kiln runs on.");
  });

  it("do not exist on the listener backend functions call", () => {
    expect(localRouteRefusal(request("127.0.0.1"), { localRoutes: false })).toBe("Not Found");
  });

});
