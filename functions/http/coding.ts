import { CodingWriteBody } from "../../schemas/coding";
import { Actor } from "../core/actor";
import { Apps } from "../core/apps/apps";
import { Coding } from "../core/apps/coding";
import { body, callGroup } from "./group";

/** Manual code edits (spec 01 §7 Coding, spec 02 Code workspace). */
export const { app, handler } = callGroup("coding", {
  async write(c) {
    const user = Actor.user();
    const meta = await Apps.assertAccess(user, c.req.param("id")!);
    const input = await body(c, CodingWriteBody);
    return c.json(await Coding.write(meta, user, input));
  },
});
