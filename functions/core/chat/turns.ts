import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { TURN_DEADLINE_MS, TURN_SWEEP_GRACE_MS } from "../../../schemas/jobs";
import { RAN_OUT_OF_TIME, notApplied } from "../../agent/outcomes";
import { AppEvents } from "../apps/events";
import { AppFiles } from "../apps/files";
import { Apps } from "../apps/apps";
import { receiptOf } from "../apps/changes";
import { Checkpoints } from "../checkpoints/checkpoints";
import { db, isConditionFailure, queryAll, table } from "../db";
import { Keys } from "../keys";
import { Messages } from "./messages";

/**
 * The AI turns that are running, one registry item per app (Keys.runningTurn) with the
 * turn's deadline. The worker ends its own turn at the deadline; the sweeper ends any
 * turn whose worker died (a Lambda timeout, a crash) once it is past the deadline.
 */
export namespace Turns {
  /** The turn deadline; KILN_TURN_DEADLINE_MS shortens it (a test stack), never lengthens it past the worker's limit. */
  export function deadlineMs(): number {
    const set = Number(process.env.KILN_TURN_DEADLINE_MS);
    return Number.isFinite(set) && set > 0 ? Math.min(set, TURN_DEADLINE_MS) : TURN_DEADLINE_MS;
  }

  export async function register(appId: string, turnId: string, deadlineAt: string): Promise<void> {
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.runningTurn(appId), app_id: appId, turn_id: turnId, deadline_at: deadlineAt } }));
  }

  /** The turn has ended (or was taken over by a newer one): no more sweeping for it. */
  export async function clear(appId: string, turnId: string): Promise<void> {
    await db()
      .send(
        new DeleteCommand({
          TableName: table(),
          Key: Keys.runningTurn(appId),
          ConditionExpression: "turn_id = :t",
          ExpressionAttributeValues: { ":t": turnId },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  /**
   * End every turn still `processing` past its deadline (and grace): its message gets a final
   * state, a receipt and the error, the app goes to `error` with details. The files stay as the
   * last completed actions left them; no checkpoint is touched.
   */
  export async function sweep(now = Date.now()): Promise<number> {
    const items = await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.runningTurnsPartition } });
    let ended = 0;
    for (const item of items) {
      const appId = item.app_id as string;
      const turnId = item.turn_id as string;
      if (Date.parse(item.deadline_at as string) + graceMs() > now) continue;
      if (await endLost(appId, turnId)) ended++;
      await clear(appId, turnId);
    }
    return ended;
  }

  const graceMs = () => Math.min(TURN_SWEEP_GRACE_MS, deadlineMs());

  async function endLost(appId: string, turnId: string): Promise<boolean> {
    const app = await Apps.get(appId);
    if (!app || app.turn_id !== turnId || app.status.state !== "processing") return false;
    const minutes = Math.round(deadlineMs() / 60_000);
    const details = `The assistant's turn did not finish within its time limit (${minutes ? `${minutes} minutes` : `${deadlineMs() / 1000} seconds`}) and was ended. Files it completed before that are kept; nothing else changed.`;
    const message = await Messages.get(appId, turnId).catch(() => undefined);
    if (message?.state === "streaming") {
      const files = await AppFiles.tree(appId);
      const before = message.base_checkpoint_id ? await Checkpoints.tree(appId, message.base_checkpoint_id).catch(() => files) : files;
      const userMessage = (await Messages.list(appId, 4)).messages.filter((m) => m.role === "user" && m.id < turnId).at(-1);
      await Messages.update(appId, turnId, {
        state: "error",
        error: { title: RAN_OUT_OF_TIME, details, retryable: true },
        receipt: { ...receiptOf(before, files, userMessage?.content ?? ""), not_applied: notApplied(message.content, [], "deadline", before) },
      });
      await AppEvents.publish(appId, { message: await Messages.get(appId, turnId) });
    }
    const lost = (a: typeof app) => a.turn_id === turnId && a.status.state === "processing";
    const meta = await Apps.update(appId, { status: { state: "error", details, last_updated_date: new Date().toISOString() } }, false, lost);
    await AppEvents.publish(appId, { app: { status: meta.status } });
    return true;
  }
}
