import { getAccessToken } from "@base44/sdk";
import { createRoot } from "react-dom/client";
import { EditorMessage, type FrameMessage, RuntimeFiles, modeOfHost } from "../../schemas/preview";
import { DomainLookup, PublicApp } from "../../schemas/publish";
import { RuntimeApp, type RunnerSession } from "./App";
import { AppRuntime } from "./app-runtime";
import { RunnerAuth } from "./auth";
import { clearToken, takeFromAddress } from "./auth/api";
import { Bridge } from "./bridge";
import { loadProvider } from "./builtins";
import { forwardConsole } from "./console";
import { appErrorOf, reportable } from "./errors";
import { LoadError, failureOf, getJson } from "./load";
import { AppModules } from "./modules";
import { authRouteOf, loadOutcome, loginUrl, showsBadge } from "./routes";
import { DomainNotRecognized, Notice } from "./screens";
import { createAppClient, visitLogger } from "./sdk";
import { installVisualEditAgent } from "./visual-edit-agent";
import { ensureStorage } from "./storage";
import { THEME_CSS } from "../../lib/runtime/theme";

/**
 * The app runtime's start, on an app's own origin (never the builder's): which app
 * this host is (`GET /api/apps/public/prod/domain/{host}`, the same lookup locally and
 * in the cloud; a custom domain too), the sign-in screens if that is where the address
 * points, else the token the SDK's way, the files (the draft on a `preview--` host, the
 * published snapshot elsewhere) beside the signed-in user, then the app (spec 03 §4
 * "Published app runner": loading app, loading auth, rendered). The app's pages do not wait
 * on `User/me`: their first data requests start as soon as the app is on screen, and a
 * refused user still ends the visit as before.
 */

ensureStorage();
// Tokens leave the address before the first request: `?access_token=` into the SDK's storage, a reset link's token into memory.
getAccessToken();
const resetToken = authRouteOf(window.location.pathname) === "reset-password" ? takeFromAddress("token") : null;
const mode = modeOfHost(window.location.hostname);
const inEditor = mode === "preview" && window.parent !== window;
const root = createRoot(document.getElementById("root")!);
const bridge = new Bridge(inEditor);
if (inEditor) forwardConsole(bridge);
window.addEventListener("error", (event) => reportable(event.error) && bridge.reportError(appErrorOf(event.error ?? event.message)));
window.addEventListener("unhandledrejection", (event) => reportable(event.reason) && bridge.reportError(appErrorOf(event.reason)));

/** A published app's CSS, built at publish (functions/core/publish/build.ts): the page compiles nothing. */
function applyBuiltCss(css: string) {
  const style = document.createElement("style");
  style.dataset.kilnBuild = "";
  style.textContent = css;
  document.head.append(style);
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

/**
 * A failed app or user load (spec 03 §4, §8): auth_required goes to the app's sign-in and
 * back; user_not_registered is "Access Restricted"; a stored token the server no longer
 * takes is cleared and the app starts again signed out; anything else is "Failed to load app".
 */
function settle(err: unknown, appId: string, storedToken: string | null) {
  const failure = failureOf(err);
  const outcome = loadOutcome(failure);
  if (outcome.kind === "sign-in") return window.location.replace(loginUrl(appId, window.location.href));
  if (outcome.kind === "restricted") return root.render(<RunnerAuth appId={appId} mode="access-restricted" />);
  if (outcome.kind === "sign-out" && storedToken) {
    clearToken();
    return window.location.replace(window.location.href);
  }
  root.render(<Notice title="Failed to load app" text={failure.message} />);
}

async function boot() {
  root.render(<Spinner />);
  // The preview compiles its classes in the page as its files change; a published app may bring its CSS built.
  let tailwind: Promise<unknown> | null = mode === "preview" ? startTailwind() : null;
  let built = false;
  const styles = () => (tailwind ??= startTailwind());
  let lookup: DomainLookup;
  try {
    lookup = await getJson(`/api/apps/public/prod/domain/${encodeURIComponent(window.location.host)}`, DomainLookup);
  } catch (err) {
    await styles();
    const editorOrigin = err instanceof LoadError ? err.extra?.editor_origin : undefined;
    root.render(<DomainNotRecognized editorOrigin={typeof editorOrigin === "string" ? editorOrigin : null} />);
    return;
  }
  const appId = lookup.app_id;

  // The sign-in screens need only the app's id: a private app's code stays unread until someone is let in.
  const authRoute = authRouteOf(window.location.pathname);
  if (authRoute) {
    await styles();
    root.render(<RunnerAuth appId={appId} mode={authRoute} resetToken={resetToken} />);
    return;
  }

  // Before the router reads the address: the SDK takes ?access_token= out of it.
  const storedToken = getAccessToken();
  const token = storedToken ?? (await tokenFromEditor());
  // A visitor of a published app that needs a user goes straight to its sign-in: the app's read would only be refused (a red 403 in the console).
  if (!token && mode === "prod" && lookup.public_settings !== "public_without_login") return window.location.replace(loginUrl(appId, window.location.href));
  const search = new URLSearchParams(window.location.search);
  // a failed function call goes to the editor's network activity panel as an error line
  const base44 = createAppClient(appId, mode, token, (report) =>
    bridge.post({ type: "app_log", log: { message: `Function call failed: ${JSON.stringify(report)}`.slice(0, 4_000), severity: "error", component: "functions", timestamp: Date.now() } }),
  );
  // The user loads beside the app and its first data; the app's answer is read first.
  const userLoad = token ? base44.auth.me().then(() => null, (error: unknown) => ({ error })) : null;
  let remixUrl: string | null = null;
  let modules: AppModules | null = null;
  const schemaOf = (entity: string) => {
    const text = modules?.tree[`entities/${entity}`];
    return text === undefined ? null : JSON.parse(text);
  };
  try {
    const [app, provider] = await Promise.all([
      mode === "preview"
        ? getJson(`/api/apps/${appId}/runtime/files`, RuntimeFiles, token)
        : getJson(`/api/apps/public/prod/by-id/${appId}`, PublicApp, token).then((published) => {
            if (showsBadge(mode, published, search)) remixUrl = `${published.editor_origin}/remix-app/${published.id}`;
            return published;
          }),
      loadProvider(base44, schemaOf),
      tailwind,
    ]);
    const build = mode === "preview" ? null : (app as PublicApp).build;
    if (build) {
      built = true;
      applyBuiltCss(build.css);
    } else await styles();
    modules = new AppModules(provider);
    modules.update(app.files);
    if (build) modules.prebuilt(build.modules);
    if (mode === "preview") bridge.connect(app.editor_origin);
    document.title = app.name;
    const runtime = new AppRuntime(modules, bridge, app.main_page);
    bridge.onMessage((message) => message.type === "kiln:files" && runtime.applyFiles(message.files, message.main_page));
    bridge.onMessage((message) => message.type === "refresh-page" && window.location.reload());
    if (inEditor) installVisualEditAgent(bridge);
    const session: RunnerSession = { appId, visibility: app.public_settings, signedIn: userLoad !== null, remixUrl, logVisit: inEditor ? null : visitLogger(base44) };
    root.render(<RuntimeApp runtime={runtime} session={session} />);
  } catch (err) {
    if (!built) await styles();
    return settle(err, appId, storedToken);
  }
  const userFailed = await userLoad;
  if (userFailed) settle(userFailed.error, appId, storedToken);
}

void boot();
