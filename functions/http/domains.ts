import { BuyDomainBody, CreateDomainBody, DomainListQuery, LocalDnsName, LocalDnsRecords } from "../../schemas/domains";
import { Actor } from "../core/actor";
import { Apps } from "../core/apps/apps";
import { Config } from "../core/config";
import { DnsLookup } from "../core/domains/dns-lookup";
import { DomainPurchase } from "../core/domains/purchase";
import { CustomDomains } from "../core/domains/domains";
import { VisibleError } from "../core/errors";
import { body, callGroup, parse, query } from "./group";

/** The domain in the path, once the caller may manage its app and the owner's plan has custom domains. */
async function managed(id: string) {
  const found = await CustomDomains.assertAccess(Actor.user(), id);
  await CustomDomains.assertOwnerPlan(found.app);
  return found.domain;
}

/** Custom domains (spec 02 §2–§8): list with the DNS guidance and the app's TXT value, add, verify, status, unlink, link, delete, Buy Domain. */
export const { app, handler } = callGroup("domains", {
  async list(c) {
    const { app_id } = query(c, DomainListQuery);
    const app = await Apps.assertAccess(Actor.user(), app_id);
    const [domains, verification] = await Promise.all([CustomDomains.list(app.id), CustomDomains.verification(app.id)]);
    return c.json({ domains, guidance: DnsLookup.guidance(), verification });
  },

  async create(c) {
    const input = await body(c, CreateDomainBody);
    const app = await Apps.assertAccess(Actor.user(), input.app_id);
    await CustomDomains.assertOwnerPlan(app);
    return c.json(await CustomDomains.create(app, input), 201);
  },

  async verify(c) {
    return c.json(await CustomDomains.check(await managed(c.req.param("id")!)));
  },

  async status(c) {
    return c.json(await CustomDomains.check(await managed(c.req.param("id")!)));
  },

  async unlink(c) {
    return c.json(await CustomDomains.setLinked(await managed(c.req.param("id")!), false));
  },

  async link(c) {
    return c.json(await CustomDomains.setLinked(await managed(c.req.param("id")!), true));
  },

  /** Deleting needs no plan: an owner who moved to a smaller plan can still clear their domains. */
  async remove(c) {
    const { domain } = await CustomDomains.assertAccess(Actor.user(), c.req.param("id")!);
    await CustomDomains.remove(domain);
    return c.json({ success: true });
  },

  async buyStart(c) {
    const input = await body(c, BuyDomainBody);
    const app = await Apps.assertAccess(Actor.user(), input.appId);
    await CustomDomains.assertOwnerPlan(app);
    return c.json(await DomainPurchase.start(Actor.user(), await CustomDomains.verification(app.id)));
  },

  /** Local only: what the DNS stand-in (stacks/local/dns) answers for a name (or its `_kiln-challenge` TXT name), so a domain can be made to verify or fail. */
  async localDns(c) {
    const domain = parse(LocalDnsName, c.req.param("domain"));
    const records = await body(c, LocalDnsRecords);
    const control = Config.customDomains.localControlUrl;
    if (!control) throw new VisibleError("not_found", "Not found");
    const res = await fetch(`${control}/records/${encodeURIComponent(domain)}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(records) });
    if (!res.ok) throw new VisibleError("upstream", `The local DNS stand-in refused the records (HTTP ${res.status})`);
    return c.json({ domain, ...records });
  },
});
