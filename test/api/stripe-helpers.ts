import Stripe from "stripe";
import { inject } from "vitest";

/** The stack's Stripe stand-in (stacks/local/stripe): its address and keys, and the real SDK pointed at it. */
export function standIn() {
  const link = JSON.parse(inject("stackLinks").SST_RESOURCE_Stripe) as { secretKey: string; webhookSecret: string; host: string; port: number };
  const url = `http://${link.host}:${link.port}`;
  const sdk = new Stripe(link.secretKey, { host: link.host, port: link.port, protocol: "http" });
  return { ...link, url, sdk };
}

/** The form on a stand-in page whose submit button has this test id: where it posts and its hidden fields. */
function formOf(html: string, testId: string, base: string): { action: string; fields: Record<string, string> } {
  const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((f) => f.includes(`data-testid="${testId}"`));
  if (!form) throw new Error(`no form with a ${testId} button on the page`);
  const action = form.match(/action="([^"]*)"/)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const input of form.match(/<input[^>]*>/g) ?? []) {
    const name = input.match(/name="([^"]*)"/)?.[1];
    if (name) fields[name] = input.match(/value="([^"]*)"/)?.[1] ?? "";
  }
  const button = form.match(new RegExp(`<button[^>]*data-testid="${testId}"[^>]*>`))?.[0] ?? "";
  const name = button.match(/name="([^"]*)"/)?.[1];
  if (name) fields[name] = button.match(/value="([^"]*)"/)?.[1] ?? "";
  return { action: new URL(action.replaceAll("&amp;", "&"), base).toString(), fields };
}

/** Press a button on a stand-in page as a browser would; answers where it redirected (or the page it showed). */
export async function press(pageUrl: string, testId: string): Promise<{ location: string | null; html: string }> {
  const page = await fetch(pageUrl);
  const { action, fields } = formOf(await page.text(), testId, pageUrl);
  const res = await fetch(action, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  return { location: res.headers.get("location"), html: await res.text() };
}

/** Pay on the stand-in's hosted checkout page with its test card; answers the address it sends the browser back to. */
export async function payCheckout(checkoutUrl: string): Promise<string> {
  const { location } = await press(checkoutUrl, "standin-pay");
  if (!location) throw new Error("checkout did not redirect after paying");
  return location;
}

/** End a subscription's period now (the stand-in's clock): a schedule applies, then the renewal is paid or, with `fail`, declined. */
export async function renew(subscriptionId: string, options: { fail?: boolean } = {}) {
  const s = standIn();
  const res = await fetch(`${s.url}/_local/subscriptions/${subscriptionId}/renew`, {
    method: "POST",
    headers: { authorization: `Bearer ${s.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(options.fail ? { fail: "true" } : {}),
  });
  if (res.status !== 200) throw new Error(`renew: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Poll until `done` holds (webhooks arrive a moment after the change that sent them). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
