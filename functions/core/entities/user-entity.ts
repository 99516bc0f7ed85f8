import { isDeepStrictEqual } from "node:util";
import type { AppMeta } from "../../../schemas/app";
import { AdminUserFields, type ListAppUsersQuery } from "../../../schemas/app-auth";
import { type AppRole, type AppUser, appUserBuiltInFields, reservedUserFieldNames } from "../../../schemas/app-user";
import { ADMIN_ONLY_RULE, type StoredEntitySchema, userFieldsReadByEntity } from "../../../schemas/entities";
import type { AppCaller } from "../actor";
import { AppFiles } from "../apps/files";
import { AppUsers } from "../app-users/users";
import { Config } from "../config";
import { EntitySchemas } from "./schemas";
import { VisibleError, forbidden, notFound, unauthorized } from "../errors";
import { Mail } from "../mail";
import { Mongo } from "../records/mongo";
import { Rls } from "./rls";
import { Users } from "../identity/users";

/**
 * The app's `User` entity as the SDK reaches it (`auth.me/updateMe`, `entities.User`,
 * `inviteUser`). Builders and the app's admins see and manage every user; any other
 * user sees and edits only themself, and a read they may not make looks like a
 * missing record (row-level security answers 404, reference §2.3).
 */
export namespace UserEntity {
  const notFoundUser = () => notFound("User not found");

  const isManager = (caller: AppCaller) => caller.kind === "builder" || (caller.kind === "member" && caller.user.role === "admin");

  /** Who `me` is: the signed-in app user, or the builder's own user of the app. */
  export async function me(caller: AppCaller): Promise<AppUser> {
    if (caller.kind === "builder") return AppUsers.ensureBuilder(caller.app, caller.user);
    if (caller.kind === "member") return caller.user;
    throw unauthorized("You must be logged in to access this resource");
  }

  /** `updateMe`: custom fields only; e-mail, role, name and the server's fields stay as they are (reference §3.1). */
  export async function updateMe(caller: AppCaller, patch: Record<string, unknown>): Promise<AppUser> {
    const self = await me(caller);
    return AppUsers.update(caller.app.id, self.id, await customFields(caller, self, patch));
  }

  export async function list(caller: AppCaller, query: ListAppUsersQuery): Promise<Record<string, unknown>[]> {
    const filter = Mongo.parseFilter(query.q);
    const visible = isManager(caller) ? await AppUsers.list(caller.app.id) : caller.kind === "member" ? [caller.user] : [];
    const matching = filter ? visible.filter(Mongo.compile(filter)) : visible;
    const page = Mongo.sortBy(matching, query.sort.replace(/^\+/, "")).slice(query.skip, query.skip + query.limit);
    const fields = query.fields?.split(",").map((f) => f.trim()).filter(Boolean);
    return fields?.length ? page.map((u) => Object.fromEntries(Object.entries(u).filter(([k]) => k === "id" || fields.includes(k)))) : page;
  }

  export async function get(caller: AppCaller, id: string): Promise<AppUser> {
    if (id.length > 64 || (!isManager(caller) && !(caller.kind === "member" && caller.user.id === id))) throw notFoundUser();
    const user = await AppUsers.get(caller.app.id, id);
    if (!user) throw notFoundUser();
    return user;
  }

  /** A manager may also set name, role and disabled; anyone else only their own custom fields, as `updateMe`. */
  export async function update(caller: AppCaller, id: string, patch: Record<string, unknown>): Promise<AppUser> {
    if (!isManager(caller)) {
      if (caller.kind !== "member" || caller.user.id !== id) throw notFoundUser();
      return updateMe(caller, patch);
    }
    const user = await get(caller, id);
    const admin = AdminUserFields.safeParse({ full_name: patch.full_name, role: patch.role, disabled: patch.disabled });
    if (!admin.success) throw new VisibleError("input", admin.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    const { role, disabled, full_name } = admin.data;
    if ((role !== undefined && role !== user.role) || disabled !== undefined) assertNotOwner(caller.app, user);
    if (role === "admin" && user.role !== "admin") await assertAdminRoleAllowed(caller.app);
    const fields = await customFields(caller, user, patch);
    return AppUsers.update(caller.app.id, user.id, fields, { ...(role ? { role } : {}), ...(disabled !== undefined ? { disabled } : {}), ...(full_name !== undefined ? { full_name } : {}) });
  }

  export async function remove(caller: AppCaller, id: string): Promise<void> {
    if (!isManager(caller)) throw notFoundUser();
    const user = await get(caller, id);
    assertNotOwner(caller.app, user);
    await AppUsers.remove(caller.app.id, user.id);
  }

  /**
   * Invite an e-mail to the app (builder or app admin): the user exists from now on,
   * marked invited, so a private app admits them; an e-mail links to the app's sign-in.
   */
  export async function invite(caller: AppCaller, email: string, role: AppRole): Promise<AppUser> {
    if (caller.kind === "visitor") throw unauthorized("You must be logged in to invite users");
    if (!isManager(caller)) throw forbidden("Only app admins can invite users");
    const { app } = caller;
    if (role === "admin") await assertAdminRoleAllowed(app);
    const inviter = caller.user.email;
    const existing = await AppUsers.byEmail(app.id, email);
    if (existing) assertNotOwner(app, existing);
    const user = existing
      ? await AppUsers.update(app.id, existing.id, {}, { invited: true, role })
      : await AppUsers.create(app.id, { email, role, invited: true, created_by: inviter });
    const link = `${Config.appOrigin(app.slug)}/login`;
    await Mail.send({
      to: user.email,
      subject: `You're invited to ${app.name}`,
      text: `${inviter} invited you to use ${app.name}${role === "admin" ? " as an admin" : ""}.\n\nSign in with this e-mail address here: ${link}`,
    });
    return user;
  }

  /** The admin role is for paid plans only (spec 02 §5: "Paid plans only"), by the owner's plan. */
  async function assertAdminRoleAllowed(app: AppMeta) {
    const owner = await Users.get(app.created_by_id);
    if (!owner || owner.subscription_tier === "free") throw forbidden("Paid plans only: the admin role needs a paid plan");
  }

  /** The owner's own app user keeps its role and access; nobody locks the owner out of their app. */
  function assertNotOwner(app: AppMeta, user: AppUser) {
    if (user.platform_user_id && user.platform_user_id === app.created_by_id) throw forbidden("The app owner's account cannot be changed here");
  }

  /**
   * The custom fields of a patch, checked: built-in fields are left out (the SDK sends whole
   * users back), a reserved or empty name is refused, and when the app declares a `User`
   * entity schema only its properties pass, type-checked like any entity's (unknown fields
   * are dropped, a wrong type is a 422). Then the User's field-level write rules: a field
   * whose rule refuses the caller, or that a security rule reads and no write rule opens,
   * may be changed only by the app's admins.
   */
  async function customFields(caller: AppCaller, target: AppUser, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
    const builtIn = new Set<string>(appUserBuiltInFields);
    const own = Object.fromEntries(Object.entries(patch).filter(([k]) => !builtIn.has(k) && !k.startsWith("_")));
    for (const name of Object.keys(own)) {
      if (name.trim() === "") throw new VisibleError("input", "A User field needs a name");
      if ((reservedUserFieldNames as readonly string[]).includes(name)) throw new VisibleError("input", `A User field cannot be named "${name}"`);
    }
    const schema = await userSchema(caller.app);
    const fields = schema ? EntitySchemas.forUpdate(schema, own) : own;
    const changed = Object.keys(fields).filter((f) => !isDeepStrictEqual(fields[f], target[f]));
    if (changed.length === 0 || caller.kind === "builder") return fields;
    const rules = await writeRules(caller.app.id, schema);
    const refused = Rls.guard(rules, caller).unwritable(target, changed);
    const adminOnly = refused.filter((f) => rules.adminOnly.has(f));
    if (adminOnly.length) throw forbidden(`Only an admin of this app can change ${adminOnly.join(", ")}`);
    if (refused.length) throw forbidden(`You do not have permission to change ${refused.join(", ")} on User records`);
    return fields;
  }

  async function userSchema(app: AppMeta): Promise<StoredEntitySchema | undefined> {
    return EntitySchemas.load(app.id, "User").catch((err: unknown) => {
      if (err instanceof VisibleError && err.kind === "not_found") return undefined;
      throw err;
    });
  }

  /**
   * The User entity's field write rules as enforced: its own `properties.<f>.rls.write`, and
   * admins-only for every custom field a rule of any entity reads (`{{user.data.x}}`,
   * `user_condition`) that has none, so nobody grants themself access by editing their profile.
   */
  async function writeRules(appId: string, schema: StoredEntitySchema | undefined): Promise<Rls.EntityRules & { adminOnly: Set<string> }> {
    const read = new Set<string>();
    for (const content of Object.values(await AppFiles.tree(appId, "entities/"))) {
      try {
        userFieldsReadByEntity(JSON.parse(content), read);
      } catch {
        // a schema that is not JSON holds no rule the API enforces
      }
    }
    const properties: Record<string, Record<string, unknown>> = { ...schema?.properties };
    const adminOnly = new Set<string>();
    for (const field of read) {
      if ([...appUserBuiltInFields, ...reservedUserFieldNames].some((f) => f === field)) continue;
      const rls = properties[field]?.rls;
      const explicit = rls !== null && typeof rls === "object" && "write" in rls;
      if (explicit) continue;
      properties[field] = { ...properties[field], rls: { ...(rls && typeof rls === "object" ? rls : {}), write: ADMIN_ONLY_RULE } };
      adminOnly.add(field);
    }
    return { properties, adminOnly };
  }
}
