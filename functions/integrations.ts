import type { Context } from "hono";
import * as z from "zod";
import { type IntegrationEndpointsSchema, coreEndpoints } from "../schemas/integrations";
import { Actor } from "./core/actor";
import { VisibleError } from "./core/errors";
import { Integrations } from "./core/integrations";
import { callGroup, parse } from "./http";

/** The SDK's not-found shape for an endpoint Kiln does not have (reference §4). */
const unknownEndpoint = (c: Context, name: string) => {
  const detail = `Integration endpoint '${name}' not found`;
  return c.json({ detail, message: detail, code: "NOT_FOUND" }, 404);
};

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

const schema: IntegrationEndpointsSchema = {
  installed_packages: [
    {
      package_name: "Core",
      endpoints: Object.entries(coreEndpoints).map(([name, e]) => ({
        name,
        description: e.description,
        params: z.toJSONSchema(e.body, { io: "input", unrepresentable: "any" }),
        returns: z.toJSONSchema(e.result, { io: "output", unrepresentable: "any" }),
      })),
    },
  ],
  missing_packages: [],
};

/** Spec 03 §7.12 integration endpoints of a generated app; the logic lives in core/integrations.ts. */
export const { app, handler } = callGroup("integrations", {
  async core(c) {
    const name = c.req.param("name")!;
    if (!Integrations.isEndpoint(name)) return unknownEndpoint(c, `Core.${name}`);
    const input = parse(coreEndpoints[name].body, await params(c));
    return c.json(await Integrations.call(Actor.app(), name, input));
  },

  async installable(c) {
    return unknownEndpoint(c, `${c.req.param("pkg")}.${c.req.param("name")}`);
  },

  async schema(c) {
    return c.json(schema);
  },
});
