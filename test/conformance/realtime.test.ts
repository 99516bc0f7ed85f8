import { createClient } from "@base44/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn } from "../api/helpers";

/**
 * The real @base44/sdk's `entities.X.subscribe(cb)` (socket.io v4, reference §6.6) against
 * Kiln: what a generated app's live list does, unchanged.
 */

type Base44 = ReturnType<typeof createClient>;
interface Change {
  type: string;
  id: string;
  data: Record<string, unknown>;
  timestamp: string;
}

let appId: string;
let base44: Base44;

beforeAll(async () => {
  const owner = await signedIn("sdk-live");
  appId = (await builtApp(owner.token)).id;
  await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "public_with_login" } });
  await enablePasswordSignIn(appId, owner.token);
  const member = await appMember(appId);
  base44 = createClient({ appId, serverUrl: apiUrl(), token: member.token, analytics: { enabled: false } });
}, 60_000);

afterAll(() => base44?.cleanup());

/** Subscribe and collect; `next` waits for a matching change. */
function subscribe(entity: string) {
  const heard: Change[] = [];
  const waiters: (() => void)[] = [];
  const unsubscribe = base44.entities[entity].subscribe((change) => {
    heard.push(change as unknown as Change);
    for (const w of waiters.splice(0)) w();
  });
  /** The first change `match` takes; fails after `timeoutMs` without one. */
  const next = async (match: (c: Change) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = heard.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching change within ${timeoutMs / 1000} s; heard ${JSON.stringify(heard.map((c) => [c.type, c.id]))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  };
  return { heard, next, unsubscribe };
}

/**
 * The SDK joins its room without telling the app when the server has it, so: create a
 * probe record until one is heard. From then on every change must arrive.
 */
async function untilListening(sub: ReturnType<typeof subscribe>, entity: string, timeoutMs = 15_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const probe = await base44.entities[entity].create({ title: "probe" });
    // a probe not heard within 250 ms was sent before the join: try another
    const heard = await sub.next((c) => c.id === probe.id, 250).then(
      () => true,
      () => false,
    );
    if (heard) return;
  }
  throw new Error(`the SDK's subscription to ${entity} heard no probe within ${timeoutMs / 1000} s`);
}

describe("entities.X.subscribe through @base44/sdk", () => {
  it("receives create, update and delete of records, as the SDK parses them", async () => {
    const sub = subscribe("Task");
    await untilListening(sub, "Task");

    const task = await base44.entities.Task.create({ title: "Ship it" });
    const created = await sub.next((c) => c.id === task.id && c.type === "create");
    expect(created).toEqual({ type: "create", id: task.id, data: expect.objectContaining({ id: task.id, title: "Ship it" }), timestamp: expect.any(String) });

    await base44.entities.Task.update(task.id, { title: "Shipped" });
    expect((await sub.next((c) => c.id === task.id && c.type === "update")).data.title).toBe("Shipped");

    await base44.entities.Task.delete(task.id);
    expect((await sub.next((c) => c.id === task.id && c.type === "delete")).data.id).toBe(task.id);
    sub.unsubscribe();
  });
});
