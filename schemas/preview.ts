import * as z from "zod";
import { FileTree } from "./app-files";
import { Visibility } from "./app";

/**
 * The app runtime (web/runtime/) and the editor around its preview frame. The
 * runtime runs on the app's own origin: `preview--{slug}.<apps host>` shows the
 * draft files in the editor, `{slug}.<apps host>` (or a custom domain) the
 * published snapshot.
 */
export const PREVIEW_PREFIX = "preview--";

export type RuntimeMode = "preview" | "prod";

/** Which files a host shows: the draft on a `preview--` host, the published snapshot anywhere else. */
export const modeOfHost = (hostname: string): RuntimeMode => (hostname.toLowerCase().startsWith(PREVIEW_PREFIX) ? "preview" : "prod");

/** The page a URL path shows: its first segment, matched to a page name without regard to case ("/" is the main page). */
export function pageOfPath(pathname: string, pages: readonly string[], mainPage: string | null): { name: string; found: boolean } {
  const segment = decodeURIComponent(pathname.split("/").filter(Boolean)[0] ?? "");
  if (!segment) {
    const main = mainPage && pages.includes(mainPage) ? mainPage : (pages[0] ?? "");
    return { name: main, found: pages.includes(main) };
  }
  const lower = segment.toLowerCase().replace(/-/g, "");
  const name = pages.find((page) => page.toLowerCase().replace(/-/g, "") === lower);
  return name ? { name, found: true } : { name: segment, found: false };
}

/** `createPageUrl(name)` of `@/utils`: a page's URL is its name (spaces become dashes); a query may follow. */
export function createPageUrl(pageName: string): string {
  return `/${pageName.replace(/ /g, "-")}`;
}

/** GET /api/apps/{id}/runtime/files: the draft as the preview renders it. */
export const RuntimeFiles = z.object({
  files: FileTree,
  main_page: z.string().nullable(),
  name: z.string(),
  /** the app's visibility: which pages need sign-in by default (schemas/app-files.ts PageConfig) */
  public_settings: Visibility,
  /** the builder's origin: the only one whose messages the preview obeys */
  editor_origin: z.string(),
});
export type RuntimeFiles = z.infer<typeof RuntimeFiles>;

/** An error of the running app, as @base44/vite-plugin's error handlers post it (reference §9.1). */
export const AppError = z.object({
  title: z.string().max(2_000),
  details: z.string().max(20_000).nullable(),
  componentName: z.string().max(500).nullable(),
  stack: z.string().max(20_000).nullable(),
});
export type AppError = z.infer<typeof AppError>;

/** An element Visual Edit's agent selected in the frame (spec 01 §3 "Element selection"). */
export const ElementSelection = z.object({
  tagName: z.string().max(64),
  classes: z.string().max(4_000),
  /** the element's `data-source-location`: `{file}:{line}:{column}` */
  visualSelectorId: z.string().max(300),
  content: z.string().max(200),
  isTextElement: z.boolean(),
  position: z.object({ top: z.number(), left: z.number(), width: z.number(), height: z.number() }),
});
export type ElementSelection = z.infer<typeof ElementSelection>;

/** A console line of the running app, which the runtime forwards to the editor's network activity panel (spec 02 §3 Activity entry). */
export const AppLog = z.object({
  message: z.string().max(4_000),
  severity: z.enum(["log", "info", "warn", "error", "debug"]),
  component: z.string().max(500).nullable(),
  timestamp: z.number(),
});
export type AppLog = z.infer<typeof AppLog>;

/** What the runtime posts to the editor (`window.parent`). */
export const FrameMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("app_error"), error: AppError }),
  z.object({ type: z.literal("app_changed_url"), url: z.string() }),
  /** the first page has rendered */
  z.object({ type: z.literal("sandbox:onMounted") }),
  /** new files arrived; errors reported before this are stale */
  z.object({ type: z.literal("sandbox:beforeUpdate") }),
  /** the new files are rendered; `ms` from their arrival to the commit */
  z.object({ type: z.literal("sandbox:afterUpdate"), ms: z.number() }),
  /**
   * The frame loaded without a token (the app navigated by a full page load, and the
   * browser keeps no storage for a frame of another site): the editor answers `kiln:token`.
   */
  z.object({ type: z.literal("kiln:token-request") }),
  /** Visual Edit (spec 01 §7): the agent is listening; an element was clicked; the selection was dropped (Escape) */
  z.object({ type: z.literal("visual-edit-agent-ready") }),
  z.object({ type: z.literal("element-selected"), data: ElementSelection }),
  z.object({ type: z.literal("unselect-element") }),
  /** `@base44/sdk` inside a frame reports each request it makes, and each success (reference §6.7) */
  z.object({
    type: z.literal("api-request-start"),
    requestId: z.string().max(200),
    data: z.object({ url: z.string().max(4_000), method: z.string().max(20).optional(), body: z.unknown() }),
  }),
  z.object({ type: z.literal("api-request-end"), requestId: z.string().max(200), data: z.object({ statusCode: z.number(), response: z.unknown() }) }),
  z.object({ type: z.literal("app_log"), log: AppLog }),
]);
export type FrameMessage = z.infer<typeof FrameMessage>;

/** What the editor posts to the preview frame. */
export const EditorMessage = z.discriminatedUnion("type", [
  /** the app's whole current file tree; the runtime recompiles what changed */
  z.object({ type: z.literal("kiln:files"), files: FileTree, main_page: z.string().nullable().optional() }),
  z.object({ type: z.literal("kiln:navigate"), path: z.string().startsWith("/") }),
  /** the preview's runtime token, to the app's own preview origin only */
  z.object({ type: z.literal("kiln:token"), token: z.string() }),
  /** spec 01 §7 frame messages */
  z.object({ type: z.literal("refresh-page") }),
  z.object({ type: z.literal("toggle-visual-edit-mode"), data: z.object({ enabled: z.boolean() }) }),
  /** live preview of an element's classes (every element from the same source location) */
  z.object({ type: z.literal("update-classes"), data: z.object({ visualSelectorId: z.string().max(300), classes: z.string().max(4_000) }) }),
  /** drop the selection; `restore` puts the classes back as the source has them (Discard) */
  z.object({ type: z.literal("unselect-element"), data: z.object({ restore: z.boolean() }).optional() }),
]);
export type EditorMessage = z.infer<typeof EditorMessage>;
