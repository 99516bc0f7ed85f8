import { getAccessToken } from "@base44/sdk";
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import type * as z from "zod";
import { ErrorBody } from "../../schemas/errors";
import { EditorMessage, type FrameMessage, RuntimeFiles, modeOfHost } from "../../schemas/preview";
import { DomainLookup, PublicApp } from "../../schemas/publish";
import { Notice, RuntimeApp } from "./App";
import { AppRuntime } from "./app-runtime";
import { Bridge } from "./bridge";
import { loadProvider } from "./builtins";
import { appErrorOf } from "./errors";
import { AppModules } from "./modules";
import { createAppClient } from "./sdk";
import { installVisualEditAgent } from "./visual-edit-agent";
import { ensureStorage } from "./storage";
import { THEME_CSS } from "./theme";

/**
 * The app runtime's start, on an app's own origin (never the builder's): which app
 * this host is (`GET /api/apps/public/prod/domain/{host}`, the same lookup locally and
 * in the cloud), the token the SDK's way, the files (the draft on a `preview--` host,
 * the published snapshot elsewhere), then the app.
 */

ensureStorage();
const mode = modeOfHost(window.location.hostname);
const inEditor = mode === "preview" && window.parent !== window;
const root = createRoot(document.getElementById("root")!);
const bridge = new Bridge(inEditor);
window.addEventListener("error", (event) => bridge.reportError(appErrorOf(event.error ?? event.message)));
window.addEventListener("unhandledrejection", (event) => bridge.reportError(appErrorOf(event.reason)));

class LoadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: unknown,
  ) {
    super(message);
  }
}

async function getJson<S extends z.ZodType>(path: string, schema: S, token: string | null = null): Promise<z.infer<S>> {
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ErrorBody.safeParse(body);
    throw new LoadError(response.status, error.success ? error.data.detail : `HTTP ${response.status}`, error.success ? error.data.extra_data?.reason : undefined);
  }
  return schema.parse(body);
}

function startTailwind(): Promise<unknown> {
  const style = document.createElement("style");
  style.setAttribute("type", "text/tailwindcss");
  style.textContent = THEME_CSS;
  document.head.append(style);
  return import("@tailwindcss/browser");
}

/**
 * A preview loaded without `?access_token=` (the app navigated by a full page load)
 * asks the editor around it. Any token only grants what its holder may do, so a page
 * that frames the preview gains nothing by answering; the runtime still posts only
 * to the editor's origin.
 */
function tokenFromEditor(): Promise<string | null> {
  if (!inEditor) return Promise.resolve(null);
  return new Promise((resolve) => {
    const listening = new AbortController();
    const done = (token: string | null) => {
      clearTimeout(timer);
      listening.abort();
      resolve(token);
    };
    const timer = setTimeout(() => done(null), 5_000);
    window.addEventListener(
      "message",
      (event) => {
        const message = EditorMessage.safeParse(event.data);
        if (event.source === window.parent && message.success && message.data.type === "kiln:token") done(message.data.token);
      },
      { signal: listening.signal },
    );
    window.parent.postMessage({ type: "kiln:token-request" } satisfies FrameMessage, "*");
  });
}

const Spinner = () => (
  <div style={{ display: "flex", minHeight: "100vh", alignItems: "center", justifyContent: "center" }} data-testid="runtime-loading">
    <div style={{ width: 32, height: 32, borderRadius: "50%", border: "3px solid #e2e8f0", borderTopColor: "#64748b", animation: "kiln-spin 0.8s linear infinite" }} />
    <style>{"@keyframes kiln-spin { to { transform: rotate(360deg) } }"}</style>
  </div>
);

/** What the runner shows when the app cannot load (spec 03 §2.13 runner states and its error texts). */
function failure(err: unknown, preview: boolean): ReactNode {
  if (!(err instanceof LoadError)) return <Notice title="Failed to load app" text={err instanceof Error ? err.message : String(err)} />;
  if (err.reason === "user_not_registered") {
    return <Notice title="Access Restricted" text="You are not registered to use this application. Please contact the app administrator to request access." />;
  }
  if (preview && (err.status === 401 || err.status === 403)) return <Notice title="Preview unavailable" text={err.message} />;
  if (err.reason === "auth_required") return <Notice title="Sign in required" text={err.message} />;
  return <Notice title={err.status === 404 ? "App not available" : "Failed to load app"} text={err.message} />;
}

async function boot() {
  root.render(<Spinner />);
  const tailwind = startTailwind();
  let lookup: DomainLookup;
  try {
    lookup = await getJson(`/api/apps/public/prod/domain/${encodeURIComponent(window.location.host)}`, DomainLookup);
  } catch (err) {
    await tailwind;
    root.render(<Notice title="Domain Not Recognized" text={err instanceof LoadError && err.status === 404 ? err.message : "This domain is not associated with any app."} />);
    return;
  }

  // Before the router reads the address: the SDK takes ?access_token= out of it.
  const token = getAccessToken() ?? (await tokenFromEditor());
  const base44 = createAppClient(lookup.app_id, mode, token);
  let modules: AppModules | null = null;
  const schemaOf = (entity: string) => {
    const text = modules?.tree[`entities/${entity}`];
    return text === undefined ? null : JSON.parse(text);
  };
  try {
    const [app, provider] = await Promise.all([
      mode === "preview"
        ? getJson(`/api/apps/${lookup.app_id}/runtime/files`, RuntimeFiles, token)
        : getJson(`/api/apps/public/prod/by-id/${lookup.app_id}`, PublicApp, token),
      loadProvider(base44, schemaOf),
      tailwind,
    ]);
    modules = new AppModules(provider);
    modules.update(app.files);
    if ("editor_origin" in app) bridge.connect(app.editor_origin);
    document.title = app.name;
    const runtime = new AppRuntime(modules, bridge, app.main_page);
    bridge.onMessage((message) => message.type === "kiln:files" && runtime.applyFiles(message.files, message.main_page));
    bridge.onMessage((message) => message.type === "refresh-page" && window.location.reload());
    if (inEditor) installVisualEditAgent(bridge);
    root.render(<RuntimeApp runtime={runtime} />);
  } catch (err) {
    await tailwind;
    root.render(failure(err, mode === "preview"));
  }
}

void boot();
