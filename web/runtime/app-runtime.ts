import type { Visibility } from "../../schemas/app";
import type { Bridge } from "./bridge";
import type { AppModules } from "./modules";
import { type PageEntry, pageSettingsOf } from "./routes";

/**
 * The running app: its modules, which files are current, and a version that moves
 * on every change so React re-renders what changed and keeps the route and the
 * state of everything else.
 */
export class AppRuntime {
  private version = 0;
  private readonly listeners = new Set<() => void>();
  /** when the files now rendering arrived (performance.now()), until they are on screen */
  private pendingSince: number | null = null;
  private entries: { version: number; pages: PageEntry[] } | null = null;

  constructor(
    readonly modules: AppModules,
    readonly bridge: Bridge,
    public mainPage: string | null,
  ) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getVersion = () => this.version;

  pages(): string[] {
    return Object.keys(this.modules.tree)
      .filter((path) => path.startsWith("pages/"))
      .map((path) => path.slice("pages/".length));
  }

  /**
   * Every page with its `pageConfig` read (schemas/app-files.ts), once per version. A page that
   * fails to evaluate counts as unconfigured here; its error shows when it is opened.
   */
  pageEntries(visibility: Visibility): PageEntry[] {
    if (this.entries?.version !== this.version) {
      const pages = this.pages().map((name) => {
        let exports: unknown;
        try {
          exports = this.modules.require(`pages/${name}`);
        } catch {
          exports = undefined;
        }
        return { name, settings: pageSettingsOf(exports, visibility) };
      });
      this.entries = { version: this.version, pages };
    }
    return this.entries.pages;
  }

  hasLayout(): boolean {
    return "layout/main" in this.modules.tree;
  }

  /** New files from the editor: what changed is dropped and re-evaluated on the next render. */
  applyFiles(files: Record<string, string>, mainPage?: string | null) {
    const mainChanged = mainPage !== undefined && mainPage !== this.mainPage;
    if (mainPage !== undefined) this.mainPage = mainPage;
    // Entity schemas and backend functions are not code the page runs (schema() reads the current text).
    const changed = this.modules.update(files).filter((path) => !path.startsWith("entities/") && !path.startsWith("functions/"));
    if (!changed.length && !mainChanged) return;
    this.pendingSince = performance.now();
    this.bridge.post({ type: "sandbox:beforeUpdate" });
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** Called once a version is on screen: tells the editor how long the update took. */
  rendered() {
    if (this.pendingSince === null) return;
    const ms = performance.now() - this.pendingSince;
    this.pendingSince = null;
    this.bridge.post({ type: "sandbox:afterUpdate", ms });
  }
}
