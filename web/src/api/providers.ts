import { queryOptions } from "@tanstack/react-query";
import { ConnectionTest, type DefaultProviderBody, ModelProviders, type ProviderKind, type SaveProviderBody } from "../../../schemas/providers";
import { call } from "./client";

/** Issue 23: the admin portal's model providers. Keys are sent, never read back (answers carry the last 4 characters). */
export const Providers = {
  list: () => call("GET /api/admin/model-providers", { schema: ModelProviders }),
  save: (kind: ProviderKind, body: SaveProviderBody) => call("PUT /api/admin/model-providers/{kind}", { params: { kind }, body, schema: ModelProviders }),
  remove: (kind: ProviderKind) => call("DELETE /api/admin/model-providers/{kind}", { params: { kind }, schema: ModelProviders }),
  test: (kind: ProviderKind) => call("POST /api/admin/model-providers/{kind}/test", { params: { kind }, schema: ConnectionTest }),
  setDefault: (provider: DefaultProviderBody["provider"]) => call("PUT /api/admin/model-default", { body: { provider }, schema: ModelProviders }),
};

export const modelProvidersQuery = queryOptions({ queryKey: ["admin", "model-providers"] as const, queryFn: Providers.list });
