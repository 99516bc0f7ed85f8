// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { type RouteKey, routes } from "../../lib/routes";
import { apiPath, call } from "../../web/src/api/client";

/** The web's API client names every request by its row in lib/routes.ts (issue 22): the path is the table's, the params are filled in. */
describe("the API client's paths", () => {
  it("come from the route table, each param filled in and encoded", () => {
    expect(apiPath("POST /api/files")).toBe("/api/files");
    expect(apiPath("POST /api/apps/{id}/functions/{name}", { id: "app 1", name: "send/mail" })).toBe("/api/apps/app%201/functions/send%2Fmail");
    expect(apiPath("POST /api/apps/{id}/install-integration/{pkg}/{ref}", { id: "a", pkg: "StripeIntegration", ref: "acct_1" })).toBe(
      "/api/apps/a/install-integration/StripeIntegration/acct_1",
    );
  });

  it("only from keys in the table, with every param given (the compiler refuses the rest)", () => {
    const key: RouteKey = "GET /api/apps/{id}";
    expect(routes[key].op).toBe("get");
    const typeOnly = () => {
      // @ts-expect-error a route the table does not have
      void call("GET /api/nope", { schema: z.unknown() });
      // @ts-expect-error {id} not given
      void call("GET /api/apps/{id}", { schema: z.unknown() });
      // @ts-expect-error {name} not given
      void call("DELETE /api/apps/{id}/secrets/{name}", { params: { id: "a" }, schema: z.unknown() });
      // @ts-expect-error a path without params takes none
      void call("GET /api/auth/me", { params: { id: "a" }, schema: z.unknown() });
      // @ts-expect-error {name} not given
      apiPath("POST /api/apps/{id}/functions/{name}", { id: "a" });
    };
    expect(typeof typeOnly).toBe("function");
  });
});
