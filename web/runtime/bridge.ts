import { type AppError, EditorMessage, type FrameMessage } from "../../schemas/preview";
import { errorKey } from "./errors";

/**
 * The runtime's line to the editor around its preview frame. It posts only to the
 * editor's origin and obeys only messages from that origin in its parent window, so
 * no other page that frames an app can feed it code. A published app, or a preview
 * opened on its own, stays silent (`inEditor` false).
 */
export class Bridge {
  private origin: string | null = null;
  private readonly queue: FrameMessage[] = [];
  private readonly reported = new Set<string>();
  private readonly handlers = new Set<(message: EditorMessage) => void>();

  constructor(private readonly inEditor: boolean) {
    window.addEventListener("message", (event) => {
      if (!this.origin || event.source !== window.parent || event.origin !== this.origin) return;
      const parsed = EditorMessage.safeParse(event.data);
      if (parsed.success) for (const handler of this.handlers) handler(parsed.data);
    });
  }

  /** The editor's origin, once the runtime knows it; messages posted before wait for it. */
  connect(editorOrigin: string) {
    this.origin = editorOrigin;
    for (const message of this.queue.splice(0)) this.post(message);
  }

  post(message: FrameMessage) {
    if (!this.inEditor) return;
    if (message.type === "sandbox:beforeUpdate") this.reported.clear();
    if (!this.origin) this.queue.push(message);
    else window.parent.postMessage(message, this.origin);
  }

  /** An error of the app, once per update: the same error thrown again by a re-render is not news. */
  reportError(error: AppError) {
    const key = errorKey(error);
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.post({ type: "app_error", error });
  }

  onMessage(handler: (message: EditorMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}
