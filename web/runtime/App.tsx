import { Component, type ComponentType, type ReactNode, useEffect, useRef, useSyncExternalStore } from "react";
import { BrowserRouter, Link, useLocation, useNavigate } from "react-router-dom";
import { pageOfPath } from "../../schemas/preview";
import type { AppRuntime } from "./app-runtime";
import { CompileError } from "./compile";
import { appErrorOf } from "./errors";
import { ImportError, LAYOUT_PATH } from "./resolve";
import { ToastList } from "./ui/toast";

/**
 * The generated app on screen: each page at `/{PageName}` (any case), `/` the main
 * page, the layout (`layout/main`) around every page, "Page Not Found" for a name
 * the app lacks. Errors in a page or the layout are caught, shown in place and
 * posted to the editor; the layout survives a broken page.
 */
export function RuntimeApp({ runtime }: { runtime: AppRuntime }) {
  return (
    <BrowserRouter>
      <Shell runtime={runtime} />
      <ToastList />
    </BrowserRouter>
  );
}

function Shell({ runtime }: { runtime: AppRuntime }) {
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

  const pages = runtime.pages();
  if (!pages.length) return <Notice title="No pages yet" text="Describe a page in the editor's chat and it appears here." />;
  const page = pageOfPath(location.pathname, pages, runtime.mainPage);
  if (!page.found) return <PageNotFound name={page.name} />;
  const content = (
    <Guard runtime={runtime} component={`pages/${page.name}`} resetKey={`${version}:${page.name}`}>
      <Module runtime={runtime} path={`pages/${page.name}`} />
    </Guard>
  );
  if (!runtime.hasLayout()) return content;
  return (
    <Guard runtime={runtime} component={LAYOUT_PATH} resetKey={String(version)}>
      <Module runtime={runtime} path={LAYOUT_PATH} props={{ currentPageName: page.name }}>
        {content}
      </Module>
    </Guard>
  );
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
    this.props.runtime.bridge.reportError(appErrorOf(error, this.props.component));
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

export function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div data-testid="runtime-notice" className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{text}</p>
        {children}
      </div>
    </div>
  );
}

/** Spec 03 runner state: the page name the app lacks, and the way home. */
function PageNotFound({ name }: { name: string }) {
  return (
    <Notice title="Page Not Found" text={`The page "${name}" could not be found in this application.`}>
      <Link to="/" className="mt-6 inline-block rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-800">
        Go Home
      </Link>
    </Notice>
  );
}
