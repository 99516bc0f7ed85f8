import type { AppMeta } from "../../../schemas/app";
import type { ChatMessage } from "../../../schemas/chat";
import { REMIX_HISTORY_OWNER_ONLY, REMIX_NEEDS_BACKEND_FUNCTIONS, REMIX_NOT_ALLOWED, REMIX_REFUSED, type RemixBody, type RemixRequirements } from "../../../schemas/remix";
import { SECRET_VALUES_REQUIRED } from "../../../schemas/secrets";
import type { User } from "../../../schemas/user";
import { AppFiles } from "./files";
import { AppLifecycle } from "./lifecycle";
import { Apps } from "./apps";
import { Checkpoints } from "../checkpoints/checkpoints";
import { VisibleError, forbidden } from "../errors";
import { Messages } from "../chat/messages";
import { Secrets } from "../backend/secrets";
import { Features } from "../../../lib/tiers";

/**
 * Remix (spec 03 §2.8, §4): a new app for the caller with the source's code, entity schemas and
 * their rules, layout, logo and settings, and optionally its conversation; never its records, its
 * users or its secret values. No AI turn runs, so a remix costs no credits.
 */
export namespace Remix {
  /** The app to remix and whether the caller may work on it (its owner, a platform admin). */
  export interface Source {
    app: AppMeta;
    own: boolean;
  }

  /** Anyone may remix a public app its owner marked remixable (the published app's badge), unless an admin blocked it. */
  const openToAll = (app: AppMeta) => app.is_remixable && app.public_settings !== "private_with_login" && !app.is_blocked;

  /** Unknown, private and not remixable apps are refused alike, so a refusal says nothing of the app. */
  export async function source(user: User, appId: string): Promise<Source> {
    const app = await Apps.get(appId);
    const own = app !== undefined && Apps.canAccess(user, app);
    if (!app || (!own && !openToAll(app))) throw forbidden(REMIX_REFUSED);
    return { app, own };
  }

  const needsFunctions = (paths: string[]) => paths.some((path) => path.startsWith("functions/"));

  export async function requirements({ app }: Source): Promise<RemixRequirements> {
    const [functions, secrets] = await Promise.all([AppFiles.tree(app.id, "functions/"), Secrets.names(app.id)]);
    return { name: app.name, app_secret_names: secrets.map((s) => s.name).sort(), requires_backend_functions: needsFunctions(Object.keys(functions)) };
  }

  /** Everything is checked before the copy exists, so a refused remix leaves nothing behind. */
  export async function create(user: User, { app: source, own }: Source, input: RemixBody): Promise<AppMeta> {
    if (input.with_chat_history && !own) throw forbidden(REMIX_HISTORY_OWNER_ONLY);
    Apps.assertNotProcessing(source);
    const [files, secrets] = await Promise.all([AppFiles.tree(source.id), Secrets.names(source.id)]);
    if (needsFunctions(Object.keys(files)) && !Features[user.subscription_tier].backend_functions) {
      throw new VisibleError("payment_required", `${REMIX_NOT_ALLOWED}: ${REMIX_NEEDS_BACKEND_FUNCTIONS}`);
    }
    const needed = new Set(secrets.map((s) => s.name));
    const unknown = Object.keys(input.secret_values).filter((name) => !needed.has(name));
    if (unknown.length) throw new VisibleError("input", `This app uses no secret named ${unknown.join(", ")}`);
    if ([...needed].some((name) => !input.secret_values[name])) throw new VisibleError("input", SECRET_VALUES_REQUIRED);
    const messages = input.with_chat_history ? (await Messages.list(source.id)).messages : [];

    const copy = await Apps.create(user, {
      name: `${own ? "Copy" : "Remix"} of ${source.name}`.slice(0, 100),
      user_description: source.user_description,
      style: source.style,
      integrations: source.integrations,
      model: source.model,
      deep_coding_mode: source.deep_coding_mode,
    });
    try {
      await AppFiles.replaceTree(copy.id, files, {});
      await Secrets.set(copy.id, input.secret_values);
      for (const message of messages) await Messages.append(copy.id, conversationCopy(message), message.metadata.created_by_email);
      await Checkpoints.create(copy.id, { remix_of: source.name }, null, files);
      return await Apps.update(copy.id, {
        status: { state: "ready", details: null, last_updated_date: new Date().toISOString() },
        // its first version is the source's code: nothing to wait for (a new app is "pending" until its first turn ends)
        app_stage: null,
        logo_url: source.logo_url,
        custom_instructions: source.custom_instructions,
        frozen_files: source.frozen_files,
        main_page: source.main_page,
        enable_username_password: source.enable_username_password,
        hide_entity_created_by: source.hide_entity_created_by,
        has_backend_functions_enabled: source.has_backend_functions_enabled,
        // the packages the copied code calls come with it (their secrets are the remixer's to give);
        // never the original owner's payments account
        installable_integrations: Object.fromEntries(Object.entries(source.installable_integrations ?? {}).filter(([name]) => name !== "StripeIntegration")),
        remixed_from: { app_id: source.id, name: source.name },
        _last_msg_id: messages.at(-1)?.id ?? null,
      });
    } catch (err) {
      await AppLifecycle.remove(copy.id);
      throw err;
    }
  }

  /** A message as the copy keeps it: the source's checkpoints are not the copy's, so it names none. */
  function conversationCopy(message: ChatMessage): ChatMessage {
    return { ...message, checkpoint_id: null, base_checkpoint_id: null };
  }
}
