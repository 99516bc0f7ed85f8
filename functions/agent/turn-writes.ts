/**
 * A turn's store writes and broadcasts (status lines, file steps, saves of the answer so far), run one
 * at a time in the order the turn asked for them: a file step lands after the status line naming it,
 * and the answer's save after the files it describes.
 */
export class TurnWrites {
  private tail: Promise<void> = Promise.resolve();
  /** the first file step that failed: the turn fails with its error, and the file steps after it are skipped */
  private broken: { error: unknown } | null = null;

  /** A write that deals with its own failure in `onError` (a status line, a save of the answer so far). */
  add(write: () => Promise<void>, onError: (err: unknown) => void): void {
    this.tail = this.tail.then(() => write().catch(onError));
  }

  /** A file step: its failure becomes the turn's (thrown by `drained`), and the steps queued after it do not run. */
  addStep(step: () => Promise<void>): void {
    this.tail = this.tail.then(async () => {
      if (this.broken) return;
      try {
        await step();
      } catch (error) {
        this.broken = { error };
      }
    });
  }

  /** The failed file step's error, if one failed. */
  get failure(): { error: unknown } | null {
    return this.broken;
  }

  /** Resolves once every write queued (including those queued while it waits) has run; rejects with a failed file step's error. */
  async drained(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.tail;
      await seen;
    } while (seen !== this.tail);
    if (this.broken) throw this.broken.error;
  }
}
