import { Component, type ComponentType, type ReactNode, useEffect, useRef, useSyncExternalStore } from "react";
import { BrowserRouter, useLocation, useNavigate } from "react-router-dom";
import type { Visibility } from "../../schemas/app";
import type { AppRuntime } from "./app-runtime";
import { RunnerAuth } from "./auth";
import { CompileError } from "../../lib/runtime/compile";
import { appErrorOf, reportable } from "./errors";
import { ImportError, LAYOUT_PATH } from "./resolve";
import { authRouteOf, loginUrl, logsVisits, menuOf, mustSignIn, pageRouteOf } from "./routes";
import { Notice, PageNotFound, RemixBadge } from "./screens";
import { ToastList } from "./ui/toast";

/** Who is looking at which app, as the runner found out before the first render (spec 03 §4 "Published app runner"). */
export interface RunnerSession {
  appId: string;
  visibility: Visibility;
  /** a user of the app is signed in (`auth.me()` answered); false for a visitor */
  signedIn: boolean;
  /** where the "Edit with Kiln" badge leads, when it shows */
  remixUrl: string | null;
  /** logs a visit to a page in the app's log (spec 03 §7.12); null in the editor's frame, where the builder's own looks are no visits */
  logVisit: ((page: string) => void) | null;
}

/**
 * The generated app on screen: each page at `/{PageName}` (any case; a child page also at
 * `/{Parent}/{Child}`), `/` the main page, the layout (`layout/main`) around every page
 * that uses it, the sign-in screens at `/login` and `/reset-password`, "Page Not Found" for a
 * name the app lacks, and the login redirect for a page that needs a user when there is
 * none. Each navigation to a page is a visit in the app's log. Errors in a page or the layout are caught, shown in place and posted to the editor;
 * the layout survives a broken page.
 */
export function RuntimeApp({ runtime, session }: { runtime: AppRuntime; session: RunnerSession }) {
  return (
    <BrowserRouter>
      <Shell runtime={runtime} session={session} />
      {session.remixUrl && <RemixBadge href={session.remixUrl} />}
      <ToastList />
    </BrowserRouter>
  );
}

function Shell({ runtime, session }: { runtime: AppRuntime; session: RunnerSession }) {
  const version = useSyncExternalStore(runtime.subscribe, runtime.getVersion);
  const location = useLocation();
  const navigate = useNavigate();
  const mounted = useRef(false);

  useEffect(() => runtime.bridge.onMessage((message) => message.type === "kiln:navigate" && navigate(message.path)), [runtime, navigate]);
  useEffect(() => {
    runtime.bridge.post({ type: "app_changed_url", url: window.location.href });
  }, [runtime, location.pathname, location.search]);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      runtime.bridge.post({ type: "sandbox:onMounted" });
    }
    runtime.rendered();
  }, [runtime, version]);

  const auth = authRouteOf(location.pathname);
  if (auth) return <RunnerAuth key={location.key} appId={session.appId} mode={auth} />;
  const pages = runtime.pageEntries(session.visibility);
  if (!pages.length) return <Notice title="No pages yet" text="Describe a page in the editor's chat and it appears here." />;
  const page = pageRouteOf(location.pathname, pages, runtime.mainPage);
  if (!page.found) return <PageNotFound name={page.name} />;
  const settings = pages.find((p) => p.name === page.name)!.settings;
  if (mustSignIn(settings, session.signedIn)) return <SignInFirst appId={session.appId} />;
  const content = (
    <Guard runtime={runtime} component={`pages/${page.name}`} resetKey={`${version}:${page.name}`}>
      <Module runtime={runtime} path={`pages/${page.name}`} />
    </Guard>
  );
  return (
    <>
      {session.logVisit && logsVisits(session.visibility, session.signedIn) && <VisitLog page={page.name} navigation={location.key} log={session.logVisit} />}
      {!settings.usesLayout || !runtime.hasLayout() ? (
        content
      ) : (
        <Guard runtime={runtime} component={LAYOUT_PATH} resetKey={String(version)}>
          <Module runtime={runtime} path={LAYOUT_PATH} props={{ currentPageName: page.name, menuPages: menuOf(pages) }}>
            {content}
          </Module>
        </Guard>
      )}
    </>
  );
}

/** One visit per navigation to a page: new files re-rendering the same page are not a visit. */
function VisitLog({ page, navigation, log }: { page: string; navigation: string; log: (page: string) => void }) {
  useEffect(() => {
    log(page);
  }, [log, page, navigation]);
  return null;
}

/** A page that needs a user, and nobody is signed in: to the app's sign-in, and back here after. */
function SignInFirst({ appId }: { appId: string }) {
  useEffect(() => window.location.replace(loginUrl(appId, window.location.href)), [appId]);
  return null;
}

/** The default export of an app file, rendered; evaluating the file throws its compile or import error here, inside the boundary. */
function Module({ runtime, path, props, children }: { runtime: AppRuntime; path: string; props?: Record<string, unknown>; children?: ReactNode }) {
  const exports = runtime.modules.require(path);
  const Component = (exports.default ?? null) as ComponentType<Record<string, unknown>> | null;
  if (typeof Component !== "function" && (typeof Component !== "object" || Component === null)) {
    throw new Error(`${path} has no default export. Export its component with "export default function ...".`);
  }
  return <Component {...props}>{children}</Component>;
}

interface GuardProps {
  runtime: AppRuntime;
  component: string;
  /** a new value clears the error: new files, another page */
  resetKey: string;
  children: ReactNode;
}

class Guard extends Component<GuardProps, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: GuardProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    if (reportable(error)) this.props.runtime.bridge.reportError(appErrorOf(error, this.props.component));
  }

  render() {
    return this.state.error === null ? this.props.children : <ErrorPanel error={this.state.error} component={this.props.component} />;
  }
}

function ErrorPanel({ error, component }: { error: unknown; component: string }) {
  const report = appErrorOf(error, component);
  const kind = error instanceof CompileError ? "Syntax error" : error instanceof ImportError ? "Import error" : "Error";
  return (
    <div role="alert" data-testid="runtime-error" className="m-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">
        {kind} in {report.componentName ?? component}
      </p>
      <p className="mt-1 break-words">{report.title}</p>
      {report.details && <pre className="mt-3 overflow-x-auto whitespace-pre rounded bg-white/70 p-3 font-mono text-xs">{report.details}</pre>}
    </div>
  );
}
