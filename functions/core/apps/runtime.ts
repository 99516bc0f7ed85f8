import type { RuntimeFiles } from "../../../schemas/preview";
import type { AppCaller } from "../actor";
import { AppFiles } from "./files";
import { Apps } from "./apps";
import { Config } from "../config";
import { forbidden } from "../errors";
import { Users } from "../identity/users";

/** What the app runtime (web/runtime/) loads: the draft files, for the preview in the editor. */
export namespace Runtime {
  /**
   * The draft is for the app's editors only: a builder (platform token or API key), or
   * the app user the editor's preview signs in as (an admin whose platform user may
   * edit the app). Everyone else sees the published snapshot, never work in progress.
   */
  export async function assertEditor(caller: AppCaller): Promise<void> {
    if (caller.kind === "builder") return;
    if (caller.kind === "member" && caller.user.role === "admin" && caller.user.platform_user_id) {
      const user = await Users.get(caller.user.platform_user_id);
      if (user && !user.disabled && Apps.canAccess(user, caller.app)) return;
    }
    throw forbidden("Only the app's editors can see its preview. Open it from the editor.");
  }

  export async function draft(caller: AppCaller): Promise<RuntimeFiles> {
    await assertEditor(caller);
    return {
      files: await AppFiles.tree(caller.app.id),
      main_page: caller.app.main_page,
      name: caller.app.name,
      public_settings: caller.app.public_settings,
      editor_origin: new URL(Config.kiln.webUrl).origin,
    };
  }
}
