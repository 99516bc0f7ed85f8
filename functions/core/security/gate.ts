import type { AppMeta } from "../../../schemas/app";
import type { FileTree } from "../../../schemas/app-files";
import type { Finding, PublishBlock } from "../../../schemas/security";
import { VisibleError } from "../errors";
import { SecurityScans } from "./scan";

/**
 * The publish gate (issue 24 §3): an app whose scan — the last one when it still matches the app,
 * else one made now, within the publish request — has a critical finding the owner has neither
 * ignored nor acknowledged by id in this publish is refused, naming the finding.
 */
export namespace SecurityGate {
  export async function assertPublishable(app: AppMeta, files: FileTree, acknowledged: readonly string[]): Promise<void> {
    const { result, ignored } = await SecurityScans.current(app, files);
    const blocking = SecurityScans.findingsOf(result).filter((f) => f.severity === "critical" && !ignored.has(f.id) && !acknowledged.includes(f.id));
    if (blocking.length === 0) return;
    throw new VisibleError("conflict", message(blocking), { blocking_findings: blocking } satisfies PublishBlock);
  }

  function message(blocking: Finding[]): string {
    const [first] = blocking;
    const more = blocking.length > 1 ? ` and ${blocking.length - 1} more critical finding${blocking.length > 2 ? "s" : ""}` : "";
    return (
      `Publishing is blocked by a critical security finding "${first.id}": ${first.problem.replace(/\.$/, "")}${more}. ` +
      `Fix it, ignore it in the Security view, or acknowledge it by name to publish anyway.`
    );
  }
}
