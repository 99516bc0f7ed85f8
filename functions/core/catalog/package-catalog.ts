import type * as z from "zod";
import {
  GoogleMapsGeocode,
  OpenAIChatCompletion,
  ResendSendEmail,
  SlackPostMessage,
  StripeCreateCheckoutSession,
  TeamWebhookPost,
  TwilioSendSms,
} from "../../../schemas/packages";

export interface PackageEndpoint {
  description: string;
  params: z.ZodType;
  returns: string;
}

/** An installable package: the catalogue item it comes with, the secrets it reads, its endpoints and the Deno module serving them. */
export interface PackageDefinition {
  name: string;
  catalogItemId: string;
  secrets: string[];
  endpoints: Record<string, PackageEndpoint>;
  /** the body of `endpoints` in the module (see moduleOf) */
  code: string;
}

/**
 * What every package module shares: it is a backend function like any other (Deno.serve),
 * called with `{ endpoint, params }` already checked by the endpoint's schema; a missing secret
 * answers 412, a failing service 502, each with words the app can show.
 */
const PRELUDE = `class Missing extends Error {}
const need = (name) => {
  const value = Deno.env.get(name);
  if (!value) throw new Missing(\`The secret \${name} is not set: add it in the app's Secrets.\`);
  return value;
};
async function upstream(service, url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  let body = text;
  try { body = JSON.parse(text); } catch {}
  if (!response.ok) {
    const said = typeof body === "string" ? body : JSON.stringify(body?.error ?? body?.message ?? body);
    throw new Error(\`\${service} answered \${response.status}: \${String(said).slice(0, 300)}\`);
  }
  return body;
}
const form = (fields) => new URLSearchParams(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
`;

const SERVE = `
Deno.serve(async (req) => {
  const { endpoint, params } = await req.json();
  const run = endpoints[endpoint];
  if (!run) return Response.json({ error: \`Unknown endpoint \${endpoint}\` }, { status: 404 });
  try {
    return Response.json(await run(params ?? {}));
  } catch (err) {
    return Response.json({ error: err instanceof Error ? err.message : String(err) }, { status: err instanceof Missing ? 412 : 502 });
  }
});
`;

/** The Deno module of a package: the shared prelude, its endpoints, the server. */
export const moduleOf = (definition: PackageDefinition) => `${PRELUDE}\nconst endpoints = {${definition.code}};\n${SERVE}`;

const definitions: PackageDefinition[] = [
  {
    name: "Slack",
    catalogItemId: "slack-notifications",
    secrets: ["SLACK_WEBHOOK_URL"],
    endpoints: { PostMessage: { description: "Post a message to the channel of the app's Slack incoming webhook.", params: SlackPostMessage, returns: "{ ok: true }" } },
    code: `
  async PostMessage({ text, blocks }) {
    await upstream("Slack", need("SLACK_WEBHOOK_URL"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text, blocks }) });
    return { ok: true };
  },`,
  },
  {
    name: "Resend",
    catalogItemId: "resend-email",
    secrets: ["RESEND_API_KEY"],
    endpoints: { SendEmail: { description: "Send an e-mail through Resend from a domain verified there.", params: ResendSendEmail, returns: "{ id }" } },
    code: `
  async SendEmail({ from, to, subject, html, text }) {
    const sent = await upstream("Resend", "https://api.resend.com/emails", {
      method: "POST",
      headers: { authorization: \`Bearer \${need("RESEND_API_KEY")}\`, "content-type": "application/json" },
      body: JSON.stringify({ from, to, subject, html, text }),
    });
    return { id: sent.id };
  },`,
  },
  {
    name: "Twilio",
    catalogItemId: "twilio-sms",
    secrets: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"],
    endpoints: { SendSms: { description: "Send a text message from one of the account's Twilio numbers.", params: TwilioSendSms, returns: "{ sid, status }" } },
    code: `
  async SendSms({ to, from, body }) {
    const sid = need("TWILIO_ACCOUNT_SID");
    const sent = await upstream("Twilio", \`https://api.twilio.com/2010-04-01/Accounts/\${sid}/Messages.json\`, {
      method: "POST",
      headers: { authorization: \`Basic \${btoa(\`\${sid}:\${need("TWILIO_AUTH_TOKEN")}\`)}\` },
      body: form({ To: to, From: from, Body: body }),
    });
    return { sid: sent.sid, status: sent.status };
  },`,
  },
  {
    name: "OpenAI",
    catalogItemId: "openai",
    secrets: ["OPENAI_API_KEY"],
    endpoints: { ChatCompletion: { description: "Ask an OpenAI model with the owner's own key; answers its text.", params: OpenAIChatCompletion, returns: "{ text }" } },
    code: `
  async ChatCompletion({ prompt, system, model }) {
    const messages = [...(system ? [{ role: "system", content: system }] : []), { role: "user", content: prompt }];
    const answer = await upstream("OpenAI", "https://api.openai.com/v1/chat/completions", {
      method: "POST",
      headers: { authorization: \`Bearer \${need("OPENAI_API_KEY")}\`, "content-type": "application/json" },
      body: JSON.stringify({ model, messages }),
    });
    return { text: answer.choices?.[0]?.message?.content ?? "" };
  },`,
  },
  {
    name: "GoogleMaps",
    catalogItemId: "google-maps",
    secrets: ["GOOGLE_MAPS_API_KEY"],
    endpoints: { Geocode: { description: "Turn an address into coordinates with the Google Geocoding API.", params: GoogleMapsGeocode, returns: "{ lat, lng, formatted_address }" } },
    code: `
  async Geocode({ address }) {
    const url = \`https://maps.googleapis.com/maps/api/geocode/json?address=\${encodeURIComponent(address)}&key=\${need("GOOGLE_MAPS_API_KEY")}\`;
    const found = await upstream("Google Maps", url, {});
    const first = found.results?.[0];
    if (!first) throw new Error(\`Google Maps found no place for "\${address}" (\${found.status})\`);
    return { lat: first.geometry.location.lat, lng: first.geometry.location.lng, formatted_address: first.formatted_address };
  },`,
  },
  {
    name: "StripePayments",
    catalogItemId: "stripe-payments",
    secrets: ["STRIPE_SECRET_KEY"],
    endpoints: {
      CreateCheckoutSession: {
        description: "Start a Stripe Checkout with the owner's own Stripe key; answers the page to send the buyer to.",
        params: StripeCreateCheckoutSession,
        returns: "{ id, url }",
      },
    },
    code: `
  async CreateCheckoutSession({ mode, price_id, amount, currency, name, quantity, success_url, cancel_url }) {
    if (!price_id && !(amount && name)) throw new Error("Give a price_id, or an amount (in cents) and a name");
    const line = price_id
      ? { "line_items[0][price]": price_id }
      : { "line_items[0][price_data][currency]": currency, "line_items[0][price_data][unit_amount]": amount, "line_items[0][price_data][product_data][name]": name };
    const session = await upstream("Stripe", "https://api.stripe.com/v1/checkout/sessions", {
      method: "POST",
      headers: { authorization: \`Bearer \${need("STRIPE_SECRET_KEY")}\` },
      body: form({ mode, success_url, cancel_url, "line_items[0][quantity]": quantity, ...line }),
    });
    return { id: session.id, url: session.url };
  },`,
  },
  {
    name: "TeamWebhook",
    catalogItemId: "team-webhook",
    secrets: ["TEAM_WEBHOOK_URL"],
    endpoints: { Post: { description: "POST a JSON payload to the team's webhook.", params: TeamWebhookPost, returns: "{ status }" } },
    code: `
  async Post({ payload }) {
    const response = await fetch(need("TEAM_WEBHOOK_URL"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
    await response.body?.cancel();
    if (!response.ok) throw new Error(\`The team webhook answered \${response.status}\`);
    return { status: response.status };
  },`,
  },
];

/** Installable packages by name (the `{Package}` of base44.integrations.{Package}.{Endpoint}). */
export const PackageCatalog = {
  byName: (name: string): PackageDefinition | undefined => definitions.find((d) => d.name === name),
  byCatalogItem: (id: string): PackageDefinition | undefined => definitions.find((d) => d.catalogItemId === id),
  all: (): readonly PackageDefinition[] => definitions,
};
