/** Small HTTP helpers the bench scenarios share. */

/** A JSON call that must answer 2xx; its body parsed (undefined when empty). */
export async function json(url: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<any> {
  const res = await fetch(url, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Polls GET /api/health until it answers 200, for at most 60 s. */
export async function waitHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${url}/api/health`).catch(() => undefined);
    const status = res?.status;
    await res?.arrayBuffer().catch(() => undefined);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`/api/health did not answer 200 within 60 s (last: ${status ?? "no answer"})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A new app the offline engine built from `description`, once ready (its GET /api/apps/{id}). */
export async function builtApp(url: string, token: string, description: string): Promise<any> {
  const created = await json(`${url}/api/apps`, { method: "POST", token, body: { user_description: description } });
  for (;;) {
    const app = await json(`${url}/api/apps/${created.id}`, { token });
    if (app.status.state === "ready") return app;
    if (app.status.state === "error") throw new Error(`the app failed to build: ${app.status.details}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
