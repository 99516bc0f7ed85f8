import { Job } from "../schemas/jobs";
import { Mail } from "./core/mail";
import { Users } from "./core/users";

type Work = { [N in Job["name"]]: (payload: Extract<Job, { name: N }>["payload"]) => Promise<void> };

const work: Work = {
  async "welcome-email"({ user_id }) {
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
};

/** The async worker: invoked with a Job (Lambda async invoke in the cloud, the local job runner here). */
export async function handler(event: unknown): Promise<void> {
  const job = Job.parse(event);
  await (work[job.name] as (p: unknown) => Promise<void>)(job.payload);
}
