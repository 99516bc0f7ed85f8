import { DeleteCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { DefaultProviderBody, ProviderKind, SaveProviderBody } from "../../../schemas/providers";
import { db, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Keys } from "../keys";
import { Sealed } from "../sealed";

/** Provider keys at rest, sealed apart from app secrets (their own derived key). */
const sealer = Sealed.under("model-providers");

/** One provider as an admin saved it, its key opened (never sent out: answers carry `key_last4` only). */
export interface StoredProvider {
  kind: ProviderKind;
  api_key: string | null;
  key_last4: string | null;
  base_url: string | null;
  model: string | null;
  region: string | null;
  context_size: number | null;
  updated_date: string;
}

export interface StoredSettings {
  providers: Partial<Record<ProviderKind, StoredProvider>>;
  /** the saved choice of who serves `default` (null: the first configured) */
  default: DefaultProviderBody["provider"];
}

type Field = "api_key" | "base_url" | "model" | "region" | "context_size";

/** What each kind takes, and what it cannot do without. */
const FIELDS: Record<ProviderKind, { takes: Field[]; needs: Partial<Record<Field, string>> }> = {
  anthropic: { takes: ["api_key", "base_url", "model"], needs: { api_key: "Anthropic needs an API key" } },
  google: { takes: ["api_key", "base_url", "model"], needs: { api_key: "Google needs an API key" } },
  bedrock: { takes: ["api_key", "model", "region"], needs: { model: "Bedrock needs the model (or inference profile) id that serves the default model" } },
  "openai-compatible": {
    takes: ["api_key", "base_url", "model", "context_size"],
    needs: {
      base_url: "An OpenAI-compatible provider needs its base URL, e.g. http://localhost:11434/v1 for Ollama",
      model: "An OpenAI-compatible provider needs the model to use, e.g. qwen2.5-coder:14b",
      context_size: "Set the context size explicitly: Ollama's default (2,048 tokens) silently drops the start of the system prompt",
    },
  },
};

/** How long a process serves stored settings before reading them again: a change reaches every turn within this. */
export const SETTINGS_TTL_MS = 15_000;

/**
 * Model providers configured in the admin portal (issue 23): one item per provider kind and
 * one for the `default` choice, in one partition read at once. The API key is sealed
 * (core/sealed.ts) and written only: nothing here returns it but `read()`, which the model
 * registry (functions/agent/providers.ts) calls to serve a turn.
 */
export namespace ModelProviderStore {
  const keyContext = (kind: ProviderKind) => `model-provider/${kind}`;

  export async function read(): Promise<StoredSettings> {
    const settings: StoredSettings = { providers: {}, default: null };
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({ TableName: table(), KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.modelProvidersPartition }, ExclusiveStartKey: cursor }),
      );
      for (const item of page.Items ?? []) {
        if (item.sk === Keys.modelProviderDefault.sk) settings.default = (item.provider as StoredSettings["default"]) ?? null;
        else if (typeof item.sk === "string" && item.sk.startsWith(Keys.modelProviderPrefix)) {
          const kind = item.kind as ProviderKind;
          settings.providers[kind] = {
            kind,
            api_key: typeof item.sealed_key === "string" ? sealer.open(item.sealed_key, keyContext(kind)) : null,
            key_last4: (item.key_last4 as string | undefined) ?? null,
            base_url: (item.base_url as string | undefined) ?? null,
            model: (item.model as string | undefined) ?? null,
            region: (item.region as string | undefined) ?? null,
            context_size: (item.context_size as number | undefined) ?? null,
            updated_date: item.updated_date as string,
          };
        }
      }
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return settings;
  }

  let cache: { at: number; settings: Promise<StoredSettings> } | undefined;

  /** The stored settings, read at most once per SETTINGS_TTL_MS in this process (a failed read is not kept). */
  export function current(): Promise<StoredSettings> {
    if (!cache || Date.now() - cache.at > SETTINGS_TTL_MS) {
      const settings = read();
      cache = { at: Date.now(), settings };
      settings.catch(() => (cache = undefined));
    }
    return cache.settings;
  }

  /** Every write forgets the cache, so this process serves the change at once. */
  const changed = () => (cache = undefined);

  /** Create or replace one provider's settings; `api_key` absent keeps the stored key, null removes it. */
  export async function save(kind: ProviderKind, body: SaveProviderBody): Promise<void> {
    const { takes, needs } = FIELDS[kind];
    for (const field of Object.keys(body) as Field[]) {
      if (body[field] != null && !takes.includes(field)) throw new VisibleError("input", `${field} does not apply to ${kind}`);
    }
    const existing = (await read()).providers[kind];
    const apiKey = body.api_key === undefined ? (existing?.api_key ?? null) : body.api_key;
    const next = { api_key: apiKey, base_url: body.base_url ?? null, model: body.model ?? null, region: body.region ?? null, context_size: body.context_size ?? null };
    for (const [field, message] of Object.entries(needs) as [Field, string][]) {
      if (next[field] == null) throw new VisibleError("input", message);
    }
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...Keys.modelProvider(kind),
          kind,
          ...(apiKey ? { sealed_key: sealer.seal(apiKey, keyContext(kind)), key_last4: apiKey.slice(-4) } : {}),
          ...(next.base_url ? { base_url: next.base_url.replace(/\/+$/, "") } : {}),
          ...(next.model ? { model: next.model } : {}),
          ...(next.region ? { region: next.region } : {}),
          ...(next.context_size ? { context_size: next.context_size } : {}),
          updated_date: new Date().toISOString(),
        },
      }),
    );
    changed();
  }

  export async function remove(kind: ProviderKind): Promise<void> {
    const { Attributes } = await db().send(new DeleteCommand({ TableName: table(), Key: Keys.modelProvider(kind), ReturnValues: "ALL_OLD" }));
    changed();
    if (!Attributes) throw notFound("No settings are saved for this provider");
  }

  export async function setDefault(provider: DefaultProviderBody["provider"]): Promise<void> {
    if (provider === null) await db().send(new DeleteCommand({ TableName: table(), Key: Keys.modelProviderDefault }));
    else await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.modelProviderDefault, provider, updated_date: new Date().toISOString() } }));
    changed();
  }
}
