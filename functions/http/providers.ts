import { DefaultProviderBody, ModelProviders as ModelProvidersInfo, ProviderKind, SaveProviderBody } from "../../schemas/providers";
import { notFound } from "../core/errors";
import { ModelProviders } from "../core/providers/providers";
import { body, callGroup } from "./group";

/** The provider kind in the path; any other name names nothing. */
function kindOf(value: string | undefined): ProviderKind {
  const kind = ProviderKind.safeParse(value);
  if (!kind.success) throw notFound("No such model provider");
  return kind.data;
}

/** Issue 23: model providers configured in the admin portal (admins only, per the route table). Keys go in, never out. */
export const { app, handler } = callGroup("providers", {
  async list(c) {
    return c.json(ModelProvidersInfo.parse(await ModelProviders.list()));
  },

  async save(c) {
    const kind = kindOf(c.req.param("kind"));
    await ModelProviders.save(kind, await body(c, SaveProviderBody));
    return c.json(ModelProvidersInfo.parse(await ModelProviders.list()));
  },

  async remove(c) {
    await ModelProviders.remove(kindOf(c.req.param("kind")));
    return c.json(ModelProvidersInfo.parse(await ModelProviders.list()));
  },

  async test(c) {
    return c.json(await ModelProviders.test(kindOf(c.req.param("kind"))));
  },

  async setDefault(c) {
    await ModelProviders.setDefault((await body(c, DefaultProviderBody)).provider);
    return c.json(ModelProvidersInfo.parse(await ModelProviders.list()));
  },
});
