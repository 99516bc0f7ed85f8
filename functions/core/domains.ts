import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import type { AppMeta } from "../../schemas/app";
import { type CreateDomainBody, type CustomDomain, DomainMessages, type DomainStatusPayload, type PurchaseInfo } from "../../schemas/domains";
import type { User } from "../../schemas/user";
import { Apps } from "./apps";
import { Config } from "./config";
import { db, isConditionFailure, queryAll, table } from "./db";
import { DnsLookup } from "./dns-lookup";
import { VisibleError, notFound } from "./errors";
import { Keys } from "./keys";
import { Features } from "./tiers";
import { Users } from "./users";

/** Domains one app may hold. */
export const DOMAINS_PER_APP_MAX = 20;
/** Domains the re-check job looks at per run, oldest check first. */
const RECHECK_BATCH = 50;

/**
 * Custom domains of published apps (spec 02 §2–§8, DESIGN §7): one item per domain with its status,
 * one item per host name so a name belongs to one app, verification by a DNS lookup
 * (functions/core/dns-lookup.ts), a scheduled re-check of those still waiting, and the host lookup
 * the apps' router and the runtime use to serve a verified, linked domain.
 */
export namespace CustomDomains {
  /** Spec 02 §6: the app owner's plan decides, whoever asks. */
  export async function assertOwnerPlan(app: AppMeta): Promise<void> {
    const owner = await Users.get(app.created_by_id);
    if (!owner || !Features[owner.subscription_tier].custom_domains) throw new VisibleError("payment_required", DomainMessages.NEEDS_PLAN);
  }

  function toDomain(item: Record<string, unknown>): CustomDomain {
    return {
      id: item.id as string,
      domain: item.domain as string,
      app_id: item.app_id as string,
      created_date: item.created_date as string,
      last_status_check: (item.last_status_check as string | null | undefined) ?? null,
      last_status_payload: (item.last_status_payload as DomainStatusPayload | null | undefined) ?? null,
      purchase_info: item.purchase_info as PurchaseInfo,
    };
  }

  /** Still waiting for DNS: not verified (or, when bought, not propagated) and not unlinked. */
  const waiting = (d: CustomDomain) =>
    !d.purchase_info.unlinked &&
    (d.last_status_payload?.verificationStatus !== "verified" || (d.purchase_info.purchase_time !== null && d.purchase_info.propagation_status !== "completed"));

  export async function get(id: string): Promise<CustomDomain | undefined> {
    if (id.length > 64) return undefined;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.customDomain(id), ConsistentRead: true }));
    return Item ? toDomain(Item) : undefined;
  }

  /** The domain and its app, once the user may manage that app; a stranger learns only that it is not theirs. */
  export async function assertAccess(user: User, id: string): Promise<{ domain: CustomDomain; app: AppMeta }> {
    const domain = await get(id);
    if (!domain) throw notFound("Domain not found");
    const app = await Apps.assertAccess(user, domain.app_id);
    return { domain, app };
  }

  export async function list(appId: string): Promise<CustomDomain[]> {
    const items = await queryAll({
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :p",
      ExpressionAttributeValues: { ":p": Keys.appDomainsPartition(appId) },
    });
    return items.map(toDomain);
  }

  /** Names that are Kiln's own (the builder's host, the apps' domain) are never an app's custom domain. */
  function assertNotOwnHost(domain: string): void {
    const own = [new URL(Config.kiln.webUrl).hostname, new URL(Config.appOrigin("x")).hostname.replace(/^x\./, ""), DnsLookup.guidance().cname_target];
    if (own.some((host) => domain === host || domain.endsWith(`.${host}`))) {
      throw new VisibleError("input", `${domain} is one of this Kiln's own host names; use a domain of your own.`);
    }
  }

  export async function create(app: AppMeta, input: CreateDomainBody): Promise<CustomDomain> {
    assertNotOwnHost(input.domain);
    if ((await list(app.id)).length >= DOMAINS_PER_APP_MAX) throw new VisibleError("conflict", `An app can have at most ${DOMAINS_PER_APP_MAX} custom domains.`);
    const now = new Date().toISOString();
    const domain: CustomDomain = {
      id: ulid().toLowerCase(),
      domain: input.domain,
      app_id: app.id,
      created_date: now,
      last_status_check: null,
      last_status_payload: null,
      purchase_info: { purchase_time: null, propagation_status: null, blocked: false, unlinked: false },
    };
    await claim(domain, true);
    return check(domain);
  }

  /** The host item and the domain item in one write, so a name is one app's; a name left by a deleted app is taken over once. */
  async function claim(domain: CustomDomain, retry: boolean): Promise<void> {
    const item = { ...Keys.customDomain(domain.id), ...Keys.appDomainsIndex(domain.app_id, domain.created_date, domain.id), ...Keys.domainCheckIndex(domain.created_date, domain.id), ...domain };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: { ...Keys.customDomainHost(domain.domain), domain_id: domain.id, app_id: domain.app_id }, ConditionExpression: "attribute_not_exists(pk)" } },
            { Put: { TableName: table(), Item: item } },
          ],
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const { Item: holder } = await db().send(new GetCommand({ TableName: table(), Key: Keys.customDomainHost(domain.domain), ConsistentRead: true }));
      if (!retry || !holder || (await Apps.get(holder.app_id as string))) throw new VisibleError("conflict", DomainMessages.TAKEN);
      await removeItems(holder.domain_id as string, domain.domain);
      await claim(domain, false);
    }
  }

  /** Look the domain up in DNS now and keep what it found (Verify and the status check; the re-check job too). */
  export async function check(domain: CustomDomain): Promise<CustomDomain> {
    const payload = await DnsLookup.verify(domain.domain);
    const now = new Date().toISOString();
    const purchase_info: PurchaseInfo =
      domain.purchase_info.purchase_time !== null && payload.verificationStatus === "verified" ? { ...domain.purchase_info, propagation_status: "completed" } : domain.purchase_info;
    return save({ ...domain, last_status_check: now, last_status_payload: payload, purchase_info });
  }

  /** Unlink stops serving the app on the domain and keeps it listed; Link brings it back (spec 02 §4). */
  export function setLinked(domain: CustomDomain, linked: boolean): Promise<CustomDomain> {
    return save({ ...domain, purchase_info: { ...domain.purchase_info, unlinked: !linked } });
  }

  /** Writes the status fields, and keeps the re-check index entry only while the domain waits for DNS. */
  async function save(domain: CustomDomain): Promise<CustomDomain> {
    const index = Keys.domainCheckIndex(domain.last_status_check ?? domain.created_date, domain.id);
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.customDomain(domain.id),
          ConditionExpression: "attribute_exists(pk)",
          UpdateExpression: waiting(domain)
            ? "SET last_status_check = :c, last_status_payload = :p, purchase_info = :i, gsi2pk = :g, gsi2sk = :s"
            : "SET last_status_check = :c, last_status_payload = :p, purchase_info = :i REMOVE gsi2pk, gsi2sk",
          ExpressionAttributeValues: {
            ":c": domain.last_status_check,
            ":p": domain.last_status_payload,
            ":i": domain.purchase_info,
            ...(waiting(domain) ? { ":g": index.gsi2pk, ":s": index.gsi2sk } : {}),
          },
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) throw notFound("Domain not found");
      throw err;
    }
    return domain;
  }

  export function remove(domain: CustomDomain): Promise<void> {
    return removeItems(domain.id, domain.domain);
  }

  async function removeItems(id: string, host: string): Promise<void> {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [{ Delete: { TableName: table(), Key: Keys.customDomain(id) } }, { Delete: { TableName: table(), Key: Keys.customDomainHost(host) } }],
      }),
    );
  }

  /** Deleting an app frees its domains. */
  export async function removeAllOf(appId: string): Promise<void> {
    for (const d of await list(appId)) await removeItems(d.id, d.domain);
  }

  /** The re-check job: domains still waiting for DNS, oldest check first; a domain whose app is gone is removed. */
  export async function recheckWaiting(): Promise<{ checked: number; verified: number; removed: number }> {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: "gsi2",
        KeyConditionExpression: "gsi2pk = :p",
        ExpressionAttributeValues: { ":p": Keys.domainChecksPartition },
        Limit: RECHECK_BATCH,
      }),
    );
    const counts = { checked: 0, verified: 0, removed: 0 };
    for (const item of page.Items ?? []) {
      const domain = toDomain(item);
      if (!(await Apps.get(domain.app_id))) {
        await removeItems(domain.id, domain.domain);
        counts.removed++;
        continue;
      }
      const checked = await check(domain).catch((err) => (err instanceof VisibleError ? undefined : Promise.reject(err)));
      counts.checked++;
      if (checked?.last_status_payload?.verificationStatus === "verified") counts.verified++;
    }
    return counts;
  }

  /** The app a custom host serves: a verified, linked domain of an app whose owner's plan has custom domains. */
  export async function appOfHost(host: string): Promise<AppMeta | undefined> {
    if (host.length > 253) return undefined;
    const { Item: claimItem } = await db().send(new GetCommand({ TableName: table(), Key: Keys.customDomainHost(host) }));
    if (!claimItem) return undefined;
    const domain = await get(claimItem.domain_id as string);
    if (!domain || domain.purchase_info.unlinked || domain.last_status_payload?.verificationStatus !== "verified") return undefined;
    const app = await Apps.get(domain.app_id);
    if (!app) return undefined;
    const owner = await Users.get(app.created_by_id);
    return owner && Features[owner.subscription_tier].custom_domains ? app : undefined;
  }
}
