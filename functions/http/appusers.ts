import { InviteUserBody, ListAppUsersQuery, UserFieldsBody } from "../../schemas/app-auth";
import { Actor } from "../core/actor";
import { UserEntity } from "../core/entities/user-entity";
import { appAccess } from "./app-access";
import { body, callGroup, query } from "./group";

/** The app's users through the SDK: `auth.me/updateMe`, `entities.User`, `inviteUser` (reference §2, §3). Visibility is enforced before any op. */
export const { app, handler } = callGroup("appusers", {
  async me(c) {
    return c.json(await UserEntity.me(Actor.app()));
  },

  async updateMe(c) {
    return c.json(await UserEntity.updateMe(Actor.app(), await body(c, UserFieldsBody)));
  },

  async list(c) {
    return c.json(await UserEntity.list(Actor.app(), query(c, ListAppUsersQuery)));
  },

  async get(c) {
    return c.json(await UserEntity.get(Actor.app(), c.req.param("uid")!));
  },

  async update(c) {
    return c.json(await UserEntity.update(Actor.app(), c.req.param("uid")!, await body(c, UserFieldsBody)));
  },

  async remove(c) {
    await UserEntity.remove(Actor.app(), c.req.param("uid")!);
    return c.json({ success: true });
  },

  async invite(c) {
    const input = await body(c, InviteUserBody);
    return c.json(await UserEntity.invite(Actor.app(), input.user_email, input.role));
  },
}, { appAccess });
