import type { Page, Request, Response } from "playwright-core";
import type { VerificationFinding } from "../../../schemas/verification";

/**
 * What one page of a running app shows a careful visitor: opened, given time to render and
 * load its data, then asked for the browser's errors, the runtime's error panel (web/runtime
 * App.tsx `runtime-error`, screens.tsx `runtime-notice`) and axe-core's serious and critical
 * WCAG 2 A/AA violations. A `PageWatch` listens for the whole visit; each check takes what
 * it heard since the last one, so a finding belongs to the page that produced it.
 */

/** `pages/Customers`, `components/StatCard (line 12)`: the app file a message names. */
const FILE_IN_TEXT = /\b((?:pages|components|layout|entities|functions|lib|hooks|api)\/[A-Za-z0-9_\-/.]+?)(?=[\s:"'(),]|$)(?:[^\n]*?\(line (\d+)\))?/;

export function locate(text: string): Pick<VerificationFinding, "file" | "line"> {
  const match = FILE_IN_TEXT.exec(text);
  if (!match) return {};
  return { file: match[1].replace(/\.(jsx?|tsx?)$/, ""), ...(match[2] ? { line: Number(match[2]) } : {}) };
}

/** A URL as a finding shows it: path only, so no token or query value ever reaches a message. */
const shown = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split("?")[0];
  }
};

/**
 * Answers the runtime expects and handles, not failures: `User/me` refused to a visitor,
 * a plan's limit (402, never reported by the runtime either: web/runtime/errors.ts), the
 * browser's own favicon request.
 */
export function expectedFailure(method: string, path: string, status: number): boolean {
  if (status === 402) return true;
  if ((status === 401 || status === 403) && method === "GET" && /\/entities\/User\/me$/.test(path)) return true;
  return path === "/favicon.ico";
}

/** A logged error's text without its stack (the bundle's frames say nothing about the app's files). */
const withoutStack = (text: string) =>
  text
    .split("\n")
    .filter((line) => !/^\s+at /.test(line))
    .join("\n")
    .trim();

const clip = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max)}…` : text);

export class PageWatch {
  private findings: VerificationFinding[] = [];
  private inFlight = new Set<Request>();
  private lastActivity = Date.now();

  constructor(
    readonly page: Page,
    private readonly origin: string,
  ) {
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
      // the failed request itself is reported (or excused) from its response below
      if (text.startsWith("Failed to load resource")) return;
      this.add({ kind: "console", message: clip(withoutStack(text)), ...locate(text) });
    });
    page.on("pageerror", (err) => this.add({ kind: "pageerror", message: clip(withoutStack(err.message || String(err))), ...locate(`${err.message}\n${err.stack ?? ""}`) }));
    page.on("request", (req) => this.sameOrigin(req.url()) && (this.inFlight.add(req), this.touch()));
    page.on("requestfinished", (req) => (this.inFlight.delete(req), this.touch()));
    page.on("requestfailed", (req) => {
      this.inFlight.delete(req);
      this.touch();
      const failure = req.failure()?.errorText ?? "failed";
      // a navigation or a React effect's cleanup cancels requests on purpose
      if (!this.sameOrigin(req.url()) || failure.includes("ERR_ABORTED")) return;
      this.add({ kind: "request", message: `${req.method()} ${shown(req.url())} failed (${failure})` });
    });
    page.on("response", (res) => this.answered(res));
  }

  private sameOrigin(url: string): boolean {
    return url.startsWith(`${this.origin}/`) || url === this.origin;
  }

  private touch() {
    this.lastActivity = Date.now();
  }

  private answered(res: Response) {
    if (res.status() < 400 || !this.sameOrigin(res.url())) return;
    const method = res.request().method();
    const path = shown(res.url());
    if (expectedFailure(method, path, res.status())) return;
    this.add({ kind: "request", message: `${method} ${path} answered ${res.status()}` });
  }

  add(finding: VerificationFinding) {
    const key = `${finding.kind}\n${finding.message}`;
    if (!this.findings.some((f) => `${f.kind}\n${f.message}` === key)) this.findings.push(finding);
  }

  /** What was heard since the last take. */
  take(): VerificationFinding[] {
    const taken = this.findings;
    this.findings = [];
    return taken;
  }

  /** Until no same-origin request has been open or finished for `quietMs` (the page's data is in), at most `maxMs`. */
  async settled(quietMs = 300, maxMs = 4_000): Promise<void> {
    const end = Date.now() + maxMs;
    while (Date.now() < end) {
      if (this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Until the runtime has put something on screen: its spinner gone and the root filled. */
export async function rendered(page: Page, timeoutMs: number): Promise<boolean> {
  try {
    await page.waitForFunction(
      () => {
        const root = document.getElementById("root");
        return !!root && root.children.length > 0 && !document.querySelector('[data-testid="runtime-loading"]');
      },
      null,
      { timeout: timeoutMs, polling: 50 },
    );
    return true;
  } catch {
    return false;
  }
}

export interface RuntimePanels {
  findings: VerificationFinding[];
  /** each panel's whole text, to recognise the same error echoed to the console */
  texts: string[];
}

/** The runtime's own error panels and notices on screen, as findings. */
export async function runtimePanels(page: Page): Promise<RuntimePanels> {
  // No named functions inside evaluated code: a bundler's keepNames would wrap them in a helper the page lacks.
  const raw = await page.evaluate(() => ({
    errors: [...document.querySelectorAll('[data-testid="runtime-error"]')].map((el) => ({
      parts: [...el.querySelectorAll("p")].map((p) => p.textContent ?? ""),
      whole: el.textContent ?? "",
      details: el.querySelector("pre")?.textContent ?? "",
    })),
    notices: [...document.querySelectorAll('[data-testid="runtime-notice"]')].map((el) => ({ title: el.querySelector("h1")?.textContent ?? "", message: el.querySelector("p")?.textContent ?? "" })),
  }));
  const text = (s: string) => s.replace(/\s+/g, " ").trim();
  const panels = {
    errors: raw.errors.map((e) => ({ title: text(e.parts[0] ?? ""), message: text(e.parts[1] ?? e.whole), details: text(e.details) })),
    notices: raw.notices.map((n) => ({ title: text(n.title), message: text(n.message) })),
  };
  const findings: VerificationFinding[] = [];
  for (const e of panels.errors) {
    // "Syntax error in pages/X" names the file; a code frame's "(line N)" its line
    const component = e.title.replace(/^.*? in /, "");
    const message = component && e.message.includes(component) ? e.message : `${e.title}: ${e.message}`;
    findings.push({ kind: "runtime", message: clip(message), ...locate(`${e.title} ${e.message} ${e.details}`) });
  }
  for (const n of panels.notices) findings.push({ kind: "runtime", message: clip(`${n.title}: ${n.message}`) });
  return { findings, texts: panels.errors.map((e) => `${e.title} ${e.message} ${e.details}`.replace(/\s+/g, " ")) };
}

/**
 * React logs each error a boundary caught to the console as well: the panel already says it,
 * so console and uncaught errors whose text is inside a panel are left out.
 */
export function withoutEchoes(heard: VerificationFinding[], panels: RuntimePanels): VerificationFinding[] {
  const core = (message: string) => message.split("\n")[0].replace(/^[A-Za-z]*Error: /, "").replace(/\s+/g, " ").trim();
  return heard.filter((f) => (f.kind !== "console" && f.kind !== "pageerror") || !panels.texts.some((t) => core(f.message) && t.includes(core(f.message))));
}

let axeSource: string | null = null;

/** axe-core's browser script, loaded on the first check only (650 kB a turn without verification never reads). */
async function axeScript(): Promise<string> {
  axeSource ??= ((await import("axe-core")) as unknown as { default: { source: string } }).default.source;
  return axeSource;
}

/** `pages/Customers:64:53` as a finding's file and line. */
export function sourceOf(location: string | null | undefined): Pick<VerificationFinding, "file" | "line"> {
  const match = /^([^:]+):(\d+)/.exec(location ?? "");
  return match ? { file: match[1], line: Number(match[2]) } : {};
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; source?: string | null }[];
}

/** axe-core's WCAG 2 A and AA rules on the page as it is now: serious and critical violations only. */
export async function accessibility(page: Page): Promise<VerificationFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(await axeScript());
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] }, resultTypes: ["violations"] });
    // the runtime marks each element with where the app's code made it (`data-source-location="pages/Customers:64:53"`); no named helper (see runtimePanels)
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 1).map((n) => ({
        target: n.target,
        html: n.html,
        source: (typeof n.target[0] === "string" && document.querySelector(n.target[0])?.closest("[data-source-location]")?.getAttribute("data-source-location")) || null,
      })),
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const node = v.nodes[0];
      const target = node?.target.map(String).join(" ") ?? "";
      const html = node?.html ? `: ${clip(node.html.replace(/\s+/g, " "), 300)}` : "";
      return { kind: "a11y" as const, rule: v.id, message: `${v.help} (${v.impact})${html}`, ...sourceOf(node?.source), ...(target ? { target: clip(target, 200) } : {}) };
    });
}
