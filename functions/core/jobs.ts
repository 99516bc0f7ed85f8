import { Job, type JobPayload } from "../../schemas/jobs";
import { Config } from "./config";

/**
 * Asynchronous work. In the cloud a job is an async invoke of the worker Lambda;
 * on one machine the local stack registers an in-process runner that calls the
 * same worker handler.
 */
export namespace Jobs {
  type Runner = (job: Job) => void;
  const state = globalThis as { __kilnJobRunner?: Runner };

  export function useLocalRunner(runner: Runner | undefined) {
    state.__kilnJobRunner = runner;
  }

  export async function enqueue<N extends Job["name"]>(name: N, payload: JobPayload<N>): Promise<void> {
    const job = Job.parse({ name, payload });
    if (Config.isLocal) {
      if (!state.__kilnJobRunner) throw new Error("The local job runner is not started");
      state.__kilnJobRunner(job);
      return;
    }
    // the Lambda client loads with the first job a handler enqueues, not with its cold start
    await (await import("./lambda-event")).invokeEvent(Config.workerName, job);
  }
}
