import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";

/**
 * sirv (the builder's and the runtime's static files) pipes a file's read stream into the answer
 * with no error handler, so a file that vanished after start — `npm run build` replacing dist/
 * while Kiln runs — would throw ENOENT out of the process and stop the whole stack. With this, such
 * an answer is cut off instead (its headers are already sent) and Kiln keeps serving.
 */
export function guardPipedFiles(res: ServerResponse): void {
  res.on("pipe", (source: Readable) => source.once("error", () => res.destroy()));
}
