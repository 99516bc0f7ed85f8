import { page } from "../listing.ts";
import { list, text } from "../params.ts";
import { api, type Route } from "../route.ts";

export const eventRoutes: Route[] = [
  api("GET", "/v1/events/:id", (ctx) => ctx.store.view(ctx.store.find("event", ctx.path.id, ctx.account).obj.id)),
  api("GET", "/v1/events", (ctx) => {
    const type = text(ctx.params, "type");
    const types = list(ctx.params, "types");
    const matches = (t: string) => (!type || (type.endsWith(".*") ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types.length || types.includes(t));
    return page(ctx.store, ctx.store.all("event", ctx.account, (e) => matches(e.obj.type)), ctx.params, "/v1/events");
  }),
];
