import type { AppMeta } from "../../../schemas/app";
import { fileVersion } from "../../../schemas/coding";
import type { Finding, FixAllResult } from "../../../schemas/security";
import type { User } from "../../../schemas/user";
import { Apps } from "../apps/apps";
import { Coding } from "../apps/coding";
import { AppFiles } from "../apps/files";
import { Chat } from "../chat/chat";
import { VisibleError } from "../errors";
import { isClientFile } from "./code";
import { SecurityScans } from "./scan";

/**
 * Fix All (issue 24 §3): the rule recommendations are written at once, each entity file through the
 * same save the Security view makes (Coding.write: a checkpoint, a revertable "Edited" chat entry, the
 * room told), and everything else is put in words for the assistant (`fixPrompt`) and sent to it at once
 * as one free, automated turn (in the chat beside the Security view).
 */
export namespace SecurityFix {
  const PROMPT_BUDGET = 18_000;
  export async function fixAll(app: AppMeta, user: User): Promise<FixAllResult> {
    Apps.assertNotProcessing(app);
    const files = await AppFiles.tree(app.id);
    const { result, ignored } = await SecurityScans.current(app, files);
    const applied: FixAllResult["applied"] = [];
    for (const finding of result.rls_recommendations.findings) {
      if (ignored.has(finding.id) || !finding.rls || !finding.entity || !finding.file || files[finding.file] === undefined) continue;
      const { rls: _old, ...schema } = JSON.parse(files[finding.file]!) as Record<string, unknown>;
      // made from the file as scanned: a change that landed since is a 409, never overwritten
      const version = await fileVersion(finding.file, files[finding.file]!);
      await Coding.write(app, user, { file_path: finding.file, content: JSON.stringify({ ...schema, rls: finding.rls }, null, 2), version });
      applied.push({ entity: finding.entity, file: finding.file, rls: finding.rls });
    }
    const after = applied.length ? ((await Apps.get(app.id)) ?? app) : app;
    const rescanned = applied.length ? await SecurityScans.runNow(after, await AppFiles.tree(app.id)) : result;
    const remaining = SecurityScans.findingsOf(rescanned).filter((f) => !ignored.has(f.id));
    const prompt = fixPrompt(remaining);
    const scan = await SecurityScans.view(after);
    // the rest goes to the assistant as one free turn, charged nothing and marked an automated fix
    const turn = prompt ? await freeTurn(user, app.id, prompt) : null;
    return { applied, prompt, remaining, scan, assistant_message_id: turn?.assistant_message.id ?? null };
  }

  /** The assistant's free turn; a turn started meanwhile (409) leaves the prompt to the owner, the rules stay applied. */
  async function freeTurn(user: User, appId: string, prompt: string) {
    const app = await Apps.get(appId);
    try {
      return app ? await Chat.send(user, app, { content: prompt }, null, { automatedFix: true }) : null;
    } catch (err) {
      if (err instanceof VisibleError && err.kind === "conflict") return null;
      throw err;
    }
  }

  /** Findings the assistant can fix in the app's own code: not a package version the runtime itself provides. */
  const forAssistant = (f: Finding) => !(f.group === "dependency_vulnerabilities" && f.file && isClientFile(f.file));

  /**
   * The remaining findings as one message to the assistant (null when none is its to fix). The chat sends
   * it as a free, automated turn: call this with `remaining` from fixAll, or with a scan's findings after a turn.
   */
  export function fixPrompt(findings: Finding[]): string | null {
    const rank = { critical: 0, high: 1, medium: 2, low: 3 } as const;
    const todo = findings.filter(forAssistant).sort((a, b) => rank[a.severity] - rank[b.severity]);
    if (todo.length === 0) return null;
    const lines = todo.map((f, i) => {
      const where = [f.file, f.line ? `line ${f.line}` : null].filter(Boolean).join(", ") || f.entity || "the app";
      return `${i + 1}. [${f.severity}] ${where}: ${f.problem} Fix: ${f.fix}`;
    });
    // one chat message holds at most 20,000 characters (SendMessageBody): the most severe first, the rest left for the next scan
    for (let size = lines.reduce((n, l) => n + l.length + 1, 0); size > PROMPT_BUDGET && lines.length > 1; ) size -= lines.pop()!.length + 1;
    return [
      `Kiln's security scan found ${todo.length} problem${todo.length === 1 ? "" : "s"} in this app. Fix each one, changing nothing else:`,
      ...lines,
      "Never write a key or token into the code: a key belongs in the app's Secrets, read by a backend function.",
    ].join("\n");
  }
}
