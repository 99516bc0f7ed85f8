import { randomBytes } from "node:crypto";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import type { AppMeta } from "../../../schemas/app";
import {
  type CreateDomainBody,
  type CustomDomain,
  DOMAIN_CLAIM_DAYS,
  DOMAIN_TXT_LABEL,
  DomainMessages,
  type DomainStatusPayload,
  type DomainVerification,
  type PurchaseInfo,
  takenUnverified,
} from "../../../schemas/domains";
import type { User } from "../../../schemas/user";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { db, isConditionFailure, queryAll, table } from "../db";
import { DnsLookup } from "./dns-lookup";
import { VisibleError, notFound } from "../errors";
import { Keys } from "../keys";
import { Features } from "../../../lib/tiers";
import { Users } from "../identity/users";

/** Domains one app may hold. */
export const DOMAINS_PER_APP_MAX = 20;
/** Domains the re-check job looks at per run, oldest check first. */
const RECHECK_BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Custom domains of published apps (spec 02 §2–§8, DESIGN §7): one item per domain with its status,
 * one item per host name so a name belongs to one app, verification by a DNS lookup
 * (functions/core/domains/dns-lookup.ts), a scheduled re-check of those still waiting, and the host lookup
 * the apps' router and the runtime use to serve a verified, linked domain.
 *
 * Records that point here prove nothing about who owns a name (one left by a deleted domain still
 * points here), so a domain verifies only with its app's TXT value at `_kiln-challenge.<domain>` too
 * (issue 21 item 8, as Vercel and Netlify do). A claim never verified is released after
 * DOMAIN_CLAIM_DAYS, and sooner to another app that proves the name is its owner's.
 */
export namespace CustomDomains {
  /** Spec 02 §6: the app owner's plan decides, whoever asks. */
  export async function assertOwnerPlan(app: AppMeta): Promise<void> {
    const owner = await Users.get(app.created_by_id);
    if (!owner || !Features[owner.subscription_tier].custom_domains) throw new VisibleError("payment_required", DomainMessages.NEEDS_PLAN);
  }

  const releaseAt = (created: string) => new Date(Date.parse(created) + DOMAIN_CLAIM_DAYS * DAY_MS).toISOString();

  /** A claim from before TXT values (no verified_at attribute at all) has no deadline: another app may still take it over by proving the name. */
  function toDomain(item: Record<string, unknown>): CustomDomain {
    const verified_at = (item.verified_at as string | null | undefined) ?? null;
    const release_at = verified_at || !("verified_at" in item) ? null : releaseAt(item.created_date as string);
    return {
      id: item.id as string,
      domain: item.domain as string,
      app_id: item.app_id as string,
      created_date: item.created_date as string,
      last_status_check: (item.last_status_check as string | null | undefined) ?? null,
      last_status_payload: (item.last_status_payload as DomainStatusPayload | null | undefined) ?? null,
      purchase_info: item.purchase_info as PurchaseInfo,
      verified_at,
      release_at,
    };
  }

  /** Its last check found the routing records and the TXT value together (a status from before TXT values has no verified_at). */
  const proven = (d: CustomDomain) => d.verified_at !== null && d.last_status_payload?.verificationStatus === "verified";

  /** Still waiting for DNS: not verified (or, when bought, not propagated) and not unlinked. */
  const waiting = (d: CustomDomain) =>
    !d.purchase_info.unlinked && (!proven(d) || (d.purchase_info.purchase_time !== null && d.purchase_info.propagation_status !== "completed"));

  /** The app's TXT value, made on first use: one per app, so the owner adds it once per domain and a re-added domain keeps it. */
  async function tokenOf(appId: string): Promise<string> {
    const key = Keys.appDomainToken(appId);
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
    if (Item) return Item.value as string;
    const value = `kiln-verify=${randomBytes(16).toString("hex")}`;
    try {
      await db().send(new PutCommand({ TableName: table(), Item: { ...key, value }, ConditionExpression: "attribute_not_exists(pk)" }));
      return value;
    } catch (err) {
      if (isConditionFailure(err)) return tokenOf(appId); // made by a concurrent call: use that one
      throw err;
    }
  }

  /** What the Domains view shows the owner to add: `_kiln-challenge.<domain>` TXT with the app's value. */
  export async function verification(appId: string): Promise<DomainVerification> {
    return { txt_label: DOMAIN_TXT_LABEL, txt_value: await tokenOf(appId) };
  }

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
    const mine = await list(app.id);
    if (mine.some((d) => d.domain === input.domain)) throw new VisibleError("conflict", DomainMessages.TAKEN);
    if (mine.length >= DOMAINS_PER_APP_MAX) throw new VisibleError("conflict", `An app can have at most ${DOMAINS_PER_APP_MAX} custom domains.`);
    const now = new Date().toISOString();
    const domain: CustomDomain = {
      id: ulid().toLowerCase(),
      domain: input.domain,
      app_id: app.id,
      created_date: now,
      last_status_check: null,
      last_status_payload: null,
      purchase_info: { purchase_time: null, propagation_status: null, blocked: false, unlinked: false },
      verified_at: null,
      release_at: releaseAt(now),
    };
    await claim(domain, true);
    return check(domain);
  }

  /** The host item and the domain item in one write, so a name is one app's; a name its holder may lose (releaseHolder) is taken over once. */
  async function claim(domain: CustomDomain, retry: boolean): Promise<void> {
    const { release_at: _derived, ...stored } = domain; // release_at is derived on read (toDomain)
    const item = { ...Keys.customDomain(domain.id), ...Keys.appDomainsIndex(domain.app_id, domain.created_date, domain.id), ...Keys.domainCheckIndex(domain.created_date, domain.id), ...stored };
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
      if (!retry) throw new VisibleError("conflict", DomainMessages.TAKEN);
      await releaseHolder(domain);
      await claim(domain, false);
    }
  }

  /**
   * Frees the name from the claim that holds it when that claim may lose it: its app is gone, or DNS has
   * this app's TXT value and not the holder's (the holder never proved the name, or no longer does: a
   * sold domain). Otherwise the name stays taken, and the answer says how to prove it is yours.
   */
  async function releaseHolder(domain: CustomDomain): Promise<void> {
    const { Item: host } = await db().send(new GetCommand({ TableName: table(), Key: Keys.customDomainHost(domain.domain), ConsistentRead: true }));
    if (!host) return; // freed meanwhile
    const held = await get(host.domain_id as string);
    if (held && (await Apps.get(held.app_id))) {
      if (held.app_id === domain.app_id) throw new VisibleError("conflict", DomainMessages.TAKEN);
      const txt = await DnsLookup.txtValues(domain.domain).catch(() => [] as string[]);
      if (txt.includes(await tokenOf(held.app_id))) throw new VisibleError("conflict", DomainMessages.TAKEN);
      if (!txt.includes(await tokenOf(domain.app_id))) throw new VisibleError("conflict", takenUnverified(domain.domain));
    }
    await removeItems(host.domain_id as string, domain.domain);
  }

  /** Look the domain up in DNS now and keep what it found (Verify and the status check; the re-check job too). */
  export async function check(domain: CustomDomain): Promise<CustomDomain> {
    const payload = await DnsLookup.verify(domain.domain, await tokenOf(domain.app_id));
    const now = new Date().toISOString();
    const verified = payload.verificationStatus === "verified";
    const purchase_info: PurchaseInfo = domain.purchase_info.purchase_time !== null && verified ? { ...domain.purchase_info, propagation_status: "completed" } : domain.purchase_info;
    const verified_at = domain.verified_at ?? (verified ? now : null);
    return save({ ...domain, last_status_check: now, last_status_payload: payload, purchase_info, verified_at, release_at: verified_at ? null : domain.release_at });
  }

  /** Unlink stops serving the app on the domain and keeps it listed; Link brings it back (spec 02 §4). */
  export function setLinked(domain: CustomDomain, linked: boolean): Promise<CustomDomain> {
    return save({ ...domain, purchase_info: { ...domain.purchase_info, unlinked: !linked } });
  }

  /** Writes the status fields, and keeps the re-check index entry only while the domain waits for DNS. */
  async function save(domain: CustomDomain): Promise<CustomDomain> {
    const index = Keys.domainCheckIndex(domain.last_status_check ?? domain.created_date, domain.id);
    const wait = waiting(domain);
    // verified_at is written once set: a claim from before TXT values keeps no verified_at at all (see toDomain)
    const sets = ["last_status_check = :c", "last_status_payload = :p", "purchase_info = :i", ...(domain.verified_at ? ["verified_at = :v"] : []), ...(wait ? ["gsi2pk = :g, gsi2sk = :s"] : [])];
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.customDomain(domain.id),
          ConditionExpression: "attribute_exists(pk)",
          UpdateExpression: `SET ${sets.join(", ")}${wait ? "" : " REMOVE gsi2pk, gsi2sk"}`,
          ExpressionAttributeValues: {
            ":c": domain.last_status_check,
            ":p": domain.last_status_payload,
            ":i": domain.purchase_info,
            ...(domain.verified_at ? { ":v": domain.verified_at } : {}),
            ...(wait ? { ":g": index.gsi2pk, ":s": index.gsi2sk } : {}),
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

  /** The domain item, and its host item while that is still this domain's (a name taken over meanwhile stays with its new claim). */
  async function removeItems(id: string, host: string): Promise<void> {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: table(), Key: Keys.customDomain(id) } },
            { Delete: { TableName: table(), Key: Keys.customDomainHost(host), ConditionExpression: "domain_id = :id", ExpressionAttributeValues: { ":id": id } } },
          ],
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      await db().send(new DeleteCommand({ TableName: table(), Key: Keys.customDomain(id) }));
    }
  }

  /** Deleting an app frees its domains. */
  export async function removeAllOf(appId: string): Promise<void> {
    for (const d of await list(appId)) await removeItems(d.id, d.domain);
  }

  /**
   * The re-check job: domains still waiting for DNS, oldest check first; a domain whose app is gone is
   * removed, and a claim still never verified DOMAIN_CLAIM_DAYS after it was added is released.
   */
  export async function recheckWaiting(at = new Date()): Promise<{ checked: number; verified: number; removed: number; released: number }> {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: "gsi2",
        KeyConditionExpression: "gsi2pk = :p",
        ExpressionAttributeValues: { ":p": Keys.domainChecksPartition },
        Limit: RECHECK_BATCH,
      }),
    );
    const counts = { checked: 0, verified: 0, removed: 0, released: 0 };
    for (const item of page.Items ?? []) {
      const domain = toDomain(item);
      if (!(await Apps.get(domain.app_id))) {
        await removeItems(domain.id, domain.domain);
        counts.removed++;
        continue;
      }
      const checked = (await check(domain).catch((err) => (err instanceof VisibleError ? undefined : Promise.reject(err)))) ?? domain;
      counts.checked++;
      if (proven(checked)) counts.verified++;
      else if (checked.release_at && Date.parse(checked.release_at) <= at.getTime()) {
        await removeItems(domain.id, domain.domain);
        counts.released++;
      }
    }
    return counts;
  }

  /** The app a custom host serves: a verified, linked domain of an app whose owner's plan has custom domains. */
  export async function appOfHost(host: string): Promise<AppMeta | undefined> {
    if (host.length > 253) return undefined;
    const { Item: claimItem } = await db().send(new GetCommand({ TableName: table(), Key: Keys.customDomainHost(host) }));
    if (!claimItem) return undefined;
    const domain = await get(claimItem.domain_id as string);
    if (!domain || domain.purchase_info.unlinked || !proven(domain)) return undefined;
    const app = await Apps.get(domain.app_id);
    if (!app) return undefined;
    const owner = await Users.get(app.created_by_id);
    return owner && Features[owner.subscription_tier].custom_domains ? app : undefined;
  }
}
