import type { AppMeta } from "../../../schemas/app";
import { EntitySchema } from "../../../schemas/app-files";
import type { ChatMessage } from "../../../schemas/chat";
import { type CodingWriteBody, type CodingWriteResult, fileVersion } from "../../../schemas/coding";
import type { User } from "../../../schemas/user";
import { Apps } from "./apps";
import { AppEvents } from "./events";
import { AppFiles } from "./files";
import { Checkpoints } from "../checkpoints/checkpoints";
import { VisibleError } from "../errors";
import { Messages } from "../chat/messages";
import { FEATURE_MESSAGES, Features } from "../../../lib/tiers";

/**
 * Manual edits of an app's files (the code workspace, Visual Edit). Each save takes a
 * checkpoint first and is recorded in the chat as a revertable "manually edited" message,
 * so the assistant knows, and the owner can undo it like any turn. A save names the version it
 * was made from and is written only while the file is still that version: a stale save is a 409.
 */
export namespace Coding {
  export async function write(app: AppMeta, user: User, input: CodingWriteBody): Promise<CodingWriteResult> {
    Apps.assertNotProcessing(app);
    const path = input.file_path;
    // Only this file (a prefix query: exactly `path` is taken) and the newest chat entry, in one round trip.
    const [files, last] = await Promise.all([AppFiles.tree(app.id, path), Messages.latest(app.id)]);
    const before = files[path];
    if (input.version !== undefined) await assertCurrent(path, before, input.version);
    if (path.startsWith("entities/")) assertEntity(path, input.content);
    const allowedOnFree = before !== undefined && (path.startsWith("entities/") ? isRlsOnlyChange(before, input.content) : isClassOnlyChange(before, input.content));
    if (!Features[user.subscription_tier].code_editing && !allowedOnFree) {
      throw new VisibleError("payment_required", FEATURE_MESSAGES.code_editing!);
    }
    const version = await fileVersion(path, input.content);
    if (before === input.content) {
      return { file_path: path, checkpoint_id: last?.checkpoint_id ?? "", message_id: last?.id ?? "", version };
    }

    // Consecutive manual saves share one chat entry (and its checkpoint, of the whole tree, from before the first).
    const edited = last?.role === "user" && last.additional_message_params?.manual_edit ? last : null;
    const checkpointId = edited?.checkpoint_id ?? (await Checkpoints.create(app.id, { before_edit: path }, null)).id;
    // Conditional on what was read above, so a change that lands in between is never overwritten; the room's members are read
    // beside it, and are told only once the file is saved.
    const [written, members] = await Promise.all([AppFiles.writeIf(app.id, path, input.content, before), AppEvents.members(app.id)]);
    if (!written) throw stale(path);
    // The open editors get the file now, not after the chat entry below (which follows in its own frame).
    const pushed = AppEvents.publish(app.id, { files: { [path]: input.content } }, null, members);

    let message: ChatMessage;
    let changed = true;
    if (edited) {
      const content = `Edited ${[...new Set([...edited.content.replace(/^Edited /, "").split(", "), path])].join(", ")}`;
      // The same file saved again leaves the entry as it is: nothing to write or push.
      changed = content !== edited.content;
      if (changed) await Messages.update(app.id, edited.id, { content });
      message = { ...edited, content };
    } else {
      message = await Messages.append(
        app.id,
        { role: "user", content: `Edited ${path}`, checkpoint_id: checkpointId, additional_message_params: { manual_edit: true } },
        user.email,
      );
    }
    await Promise.all([pushed, Apps.update(app.id, { _last_msg_id: message.id }), changed && AppEvents.publish(app.id, { message })]);
    return { file_path: path, checkpoint_id: checkpointId, message_id: message.id, version };
  }

  const stale = (path: string) =>
    new VisibleError("conflict", `${path} was changed after you opened it (by the assistant or another save), so your save was not applied. Reload to get the latest version.`);

  /** The save was made from the file's current version (null: the file must not exist yet). */
  async function assertCurrent(path: string, before: string | undefined, version: string | null) {
    const current = before === undefined ? null : await fileVersion(path, before);
    if (current !== version) throw stale(path);
  }

  function assertEntity(path: string, content: string) {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new VisibleError("input", `${path} is not valid JSON`);
    }
    const parsed = EntitySchema.safeParse(json);
    if (!parsed.success) throw new VisibleError("input", `${path} is not a valid entity schema: ${parsed.error.issues[0]?.message}`);
    if (parsed.data.name !== path.slice("entities/".length)) throw new VisibleError("input", `The entity's name must be "${path.slice("entities/".length)}"`);
  }

  /**
   * True when an entity file changes only in its `rls` (the Security view's save): security rules
   * are every plan's, while any other schema change is code editing.
   */
  export function isRlsOnlyChange(before: string, next: string): boolean {
    try {
      const { rls: _a, ...a } = JSON.parse(before) as Record<string, unknown>;
      const { rls: _b, ...b } = JSON.parse(next) as Record<string, unknown>;
      return JSON.stringify(a) === JSON.stringify(b);
    } catch {
      return false;
    }
  }

  /** a class attribute whose value is a literal or a plain reference (`{theme.heading}`): nothing that runs */
  const classAttribute = /\b(className|class)\s*=\s*("[^"]*"|'[^']*'|\{`[^`$]*`\}|\{"[^"]*"\}|\{'[^']*'\}|\{\s*[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*\})/g;

  /**
   * True when `next` differs from `before` only inside class attributes of a single line —
   * what Visual Edit saves. The line count stays, exactly one line changes, and that line is
   * the same once its class values are blanked.
   */
  export function isClassOnlyChange(before: string, next: string): boolean {
    const a = before.split("\n");
    const b = next.split("\n");
    if (a.length !== b.length) return false;
    const changed = a.flatMap((line, i) => (line === b[i] ? [] : [i]));
    if (changed.length !== 1) return false;
    const blank = (line: string) => line.replace(classAttribute, (_, name: string) => `${name}=""`);
    const i = changed[0];
    return blank(a[i]) === blank(b[i]);
  }
}
