import { Job } from "../../schemas/jobs";

type Work = { [N in Job["name"]]: (payload: Extract<Job, { name: N }>["payload"]) => Promise<void> };

/**
 * Each job loads the engine it runs with its first call: one invocation runs one job, so a cold worker
 * starts with none of the others' (mail and nodemailer, backend functions' S3 and Lambda clients, …).
 */
const work: Work = {
  async "welcome-email"({ user_id }) {
    const [{ Users }, { Mail }] = await Promise.all([import("../core/identity/users"), import("../core/mail")]);
    const user = await Users.get(user_id);
    if (!user) return;
    await Mail.send({
      to: user.email,
      subject: "Welcome to Kiln",
      text: [
        `Hi ${user.full_name ?? user.username},`,
        "",
        "Welcome to Kiln. Describe the app you want in plain words and the assistant will build it beside a live preview.",
        "Your account starts on the Free plan: 7 messages a day, 25 a month and 500 integration credits.",
        "",
        "Happy building!",
      ].join("\n"),
    });
  },

  // the builder's engine (the AI SDK, its providers, the offline engine) loads on the AI-turn paths only
  async "ai-turn"(payload) {
    await (await import("../agent/turn")).runTurn(payload);
  },

  async "chat-suggestions"({ app_id }) {
    const [{ Apps }, { AppFiles }, { AppEvents }] = await Promise.all([import("../core/apps/apps"), import("../core/apps/files"), import("../core/apps/events")]);
    const app = await Apps.get(app_id);
    const [{ suggestionsFor, wantsSuggestions }, { modelProviderFor }] = await Promise.all([import("../agent/turn"), import("../agent/provider-settings")]);
    if (!app || !wantsSuggestions(app)) return;
    const suggestions = await suggestionsFor(await AppFiles.tree(app_id), app, await modelProviderFor(app.model));
    const meta = await Apps.update(app_id, { suggestions }, false);
    await AppEvents.publish(app_id, { app: { suggestions: meta.suggestions } });
  },

  async "deploy-function"({ app_id, function_name }) {
    const { BackendFunctions } = await import("../core/backend/functions");
    await BackendFunctions.deployIfStale(app_id, function_name);
  },

  async "socket-open"({ connection_id }) {
    const { AppRealtime } = await import("../core/realtime/app-realtime");
    await AppRealtime.greet(connection_id);
  },

  async "record-upkeep"({ app_id, entity }) {
    const { RecordUpkeep } = await import("../core/records/upkeep");
    await RecordUpkeep.run(app_id, entity);
  },

  async "code-indexes"({ app_id, path }) {
    const { RecordUpkeep } = await import("../core/records/upkeep");
    await RecordUpkeep.fromCode(app_id, path);
  },

  async "ping-sockets"({ connection_ids }) {
    const { AppRealtime } = await import("../core/realtime/app-realtime");
    await AppRealtime.pingPage(connection_ids);
  },

  // the scanner loads with its job only
  async "security-scan"({ app_id, scan_id }) {
    const { Apps } = await import("../core/apps/apps");
    const app = await Apps.get(app_id);
    if (app) await (await import("../core/security/scan")).SecurityScans.runJob(app, scan_id);
  },
};

/** The async worker: invoked with a Job (Lambda async invoke in the cloud, the local job runner here). */
export async function handler(event: unknown): Promise<void> {
  const job = Job.parse(event);
  await (work[job.name] as (p: unknown) => Promise<void>)(job.payload);
}
