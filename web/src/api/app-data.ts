import * as z from "zod";
import { AppUser, type AppRole } from "../../../schemas/app-user";
import { DeleteManyResult, EntityRecord, ImportResult, RecordPage } from "../../../schemas/entities";
import { ErrorBody } from "../../../schemas/errors";
import { session } from "../auth/session";
import { ApiError, apiPath, call } from "./client";

/**
 * A generated app's data as its owner manages it in the workspace (spec 02 §7 "Entity
 * data"): the app's own API (`/api/apps/{id}/entities/…`), which takes the builder's
 * platform token as the app's owner, so the owner sees and edits every record.
 */
/** Records per `/v2/list` page while walking a whole table. */
export const PAGE_SIZE = 500;

export const AppData = {
  page: (appId: string, entity: string, cursor?: string) =>
    call("GET /api/apps/{id}/entities/{entity}/v2/list", { params: { id: appId, entity }, schema: RecordPage, query: cursor ? { cursor, limit: PAGE_SIZE } : { sort: "-created_date", limit: PAGE_SIZE } }),

  /** Every record, page after page through the cursors. */
  async all(appId: string, entity: string): Promise<EntityRecord[]> {
    const records: EntityRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await AppData.page(appId, entity, cursor);
      records.push(...page.items.map((r) => EntityRecord.parse(r)));
      cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
    } while (cursor);
    return records;
  },

  create: (appId: string, entity: string, record: Record<string, unknown>) => call("POST /api/apps/{id}/entities/{entity}", { params: { id: appId, entity }, body: record, schema: EntityRecord }),
  update: (appId: string, entity: string, id: string, patch: Record<string, unknown>) =>
    call("PUT /api/apps/{id}/entities/{entity}/{rid}", { params: { id: appId, entity, rid: id }, body: patch, schema: EntityRecord }),
  remove: (appId: string, entity: string, id: string) => call("DELETE /api/apps/{id}/entities/{entity}/{rid}", { params: { id: appId, entity, rid: id }, schema: z.unknown() }),
  /** deleteMany with an empty filter: every record (the server takes `{}` as "all", never an empty body). */
  removeAll: (appId: string, entity: string) => call("DELETE /api/apps/{id}/entities/{entity}", { params: { id: appId, entity }, body: {}, schema: DeleteManyResult }),

  /** importEntities: multipart `file`; a refused file's reasons come back as `{status: "error", details}`. */
  async importFile(appId: string, entity: string, file: File): Promise<ImportResult> {
    const form = new FormData();
    form.append("file", file);
    const token = session.token();
    const response = await fetch(apiPath("POST /api/apps/{id}/entities/{entity}/import", { id: appId, entity }), { method: "POST", body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    const json: unknown = await response.json().catch(() => undefined);
    if (response.status === 401) session.logout();
    if (!response.ok) {
      const parsed = ErrorBody.safeParse(json);
      throw new ApiError(response.status, parsed.success ? parsed.data.detail : `Import failed (${response.status})`, json);
    }
    return ImportResult.parse(json);
  },

  users: (appId: string) => call("GET /api/apps/{id}/entities/User", { params: { id: appId }, schema: z.array(AppUser) }),
  updateUser: (appId: string, id: string, patch: Record<string, unknown>) =>
    call("PUT /api/apps/{id}/entities/User/{uid}", { params: { id: appId, uid: id }, body: patch, schema: AppUser }),
  removeUser: (appId: string, id: string) =>
    call("DELETE /api/apps/{id}/entities/User/{uid}", { params: { id: appId, uid: id }, schema: z.object({ success: z.boolean() }) }),
  invite: (appId: string, email: string, role: AppRole) =>
    call("POST /api/apps/{id}/users/invite-user", { params: { id: appId }, body: { user_email: email, role }, schema: AppUser }),
};

export const recordsQueryKey = (appId: string, entity: string) => ["app-data", appId, entity] as const;
export const usersQueryKey = (appId: string) => ["app-users", appId] as const;
