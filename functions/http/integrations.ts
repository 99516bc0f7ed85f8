import type { Context } from "hono";
import { coreEndpoints } from "../../schemas/integrations";
import { InstallRef, PackageName } from "../../schemas/packages";
import { Actor } from "../core/actor";
import { VisibleError } from "../core/errors";
import { Apps } from "../core/apps/apps";
import { Integrations } from "../core/integrations/integrations";
import { Packages } from "../core/catalog/packages";
import { appAccess } from "./app-access";
import { callGroup, parse } from "./group";

/** The SDK's not-found shape for an endpoint the app cannot call (reference §4). */
const notFoundAnswer = (c: Context, detail: string) => c.json({ detail, message: detail, code: "NOT_FOUND" }, 404);
const unknownEndpoint = (c: Context, name: string) => notFoundAnswer(c, `Integration endpoint '${name}' not found`);

/** JSON, or multipart / form fields (files kept as File) — the two ways the SDK sends params. */
async function params(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    try {
      return await c.req.parseBody();
    } catch {
      throw new VisibleError("input", "The form data could not be read");
    }
  }
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new VisibleError("input", "The request body is not valid JSON");
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new VisibleError("input", "Integration parameters must be an object");
  return raw as Record<string, unknown>;
}

/** Spec 03 §7.12 integration endpoints of a generated app (Core in core/integrations.ts, installed packages in core/packages.ts). */
export const { app, handler } = callGroup("integrations", {
  async core(c) {
    const name = c.req.param("name")!;
    if (!Integrations.isEndpoint(name)) return unknownEndpoint(c, `Core.${name}`);
    const input = parse(coreEndpoints[name].body, await params(c));
    return c.json(await Integrations.call(Actor.app(), name, input));
  },

  async installable(c) {
    const caller = Actor.app();
    const pkg = parse(PackageName, c.req.param("pkg"));
    const missing = Packages.missingOf(caller.app, pkg, c.req.param("name")!);
    if (missing) return notFoundAnswer(c, missing);
    return c.json(await Packages.call(caller, pkg, c.req.param("name")!, await params(c)));
  },

  async schema(c) {
    return c.json(await Packages.schema(Actor.app().app));
  },

  async install(c) {
    const user = Actor.user();
    const meta = await Apps.assertAccess(user, c.req.param("id")!);
    return c.json(await Packages.install(user, meta, parse(PackageName, c.req.param("pkg")), parse(InstallRef, c.req.param("ref"))));
  },

  async uninstall(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await Packages.uninstall(meta, parse(PackageName, c.req.param("pkg")), parse(InstallRef, c.req.param("ref"))));
  },
}, { appAccess });
