import { pingTable } from "../core/db";
import { Storage } from "../core/storage";
import { callGroup } from "./group";

async function probe(check: () => Promise<unknown>): Promise<"ok" | "down"> {
  try {
    await check();
    return "ok";
  } catch {
    return "down";
  }
}

export const { app, handler } = callGroup("health", {
  async health(c) {
    const parts = {
      table: await probe(pingTable),
      bucket: await probe(Storage.ping),
    };
    const ok = Object.values(parts).every((p) => p === "ok");
    return c.json({ status: ok ? "ok" : "degraded", parts }, ok ? 200 : 503);
  },
});
