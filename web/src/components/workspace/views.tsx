import type { ReactNode } from "react";
import type { App } from "../../../../schemas/app";
import { AnalyticsView } from "./analytics/AnalyticsView";
import { ApiView } from "./api/ApiView";
import { CodeWorkspaceView } from "./code/CodeWorkspaceView";
import { EntityDataView } from "./data/EntityDataView";
import { DomainsView } from "./domains/DomainsView";
import { LogoView } from "./logo/LogoView";
import { LogsView } from "./logs/LogsView";
import { OverviewView } from "./overview/OverviewView";
import { PaymentsView, hasPayments } from "../payments/PaymentsView";
import { SecretsView } from "./secrets/SecretsView";
import { SecurityView } from "./security/SecurityView";
import { AppSettingsView } from "./settings/AppSettingsView";
import { UsersView } from "./users/UsersView";

/** The workspace's search parameters (spec 02 §2 routes): the code view's file and line, the settings section. */
export interface WorkspaceSearch {
  filePath?: string;
  line?: number;
  selectedParam?: string;
}

export const ENTITY_PREFIX = "entity-";
export const entityView = (name: string) => `${ENTITY_PREFIX}${name}`;

/** Secrets shows only once the app's backend functions are on (spec 02 §2 WorkspaceView values). */
/**
 * Secrets show when backend functions are on (spec 02), and also when the app was made with
 * integrations: their keys were entered at creation and must stay manageable.
 */
export const hasSecrets = (app: App) => app.has_backend_functions_enabled === true || app.integrations.length > 0;

const fixed: Record<string, (app: App, search: WorkspaceSearch) => ReactNode> = {
  overview: (app) => <OverviewView app={app} />,
  users: (app) => <UsersView app={app} />,
  analytics: (app) => <AnalyticsView app={app} />,
  domains: (app) => <DomainsView app={app} />,
  security: (app) => <SecurityView app={app} />,
  code: (app, search) => <CodeWorkspaceView app={app} filePath={search.filePath} line={search.line} />,
  logs: (app) => <LogsView app={app} />,
  api: (app) => <ApiView app={app} />,
  logo: (app) => <LogoView app={app} />,
  "app-settings": (app, search) => <AppSettingsView app={app} section={search.selectedParam} />,
};

/**
 * The view a workspace id names (spec 02 §2 WorkspaceView values), or null when the id
 * names no view of this app: an unknown id, an entity it does not have, or Secrets
 * before backend functions are on.
 */
export function renderView(app: App, view: string, search: WorkspaceSearch): ReactNode | null {
  if (view.startsWith(ENTITY_PREFIX)) {
    const entity = view.slice(ENTITY_PREFIX.length);
    return Object.hasOwn(app.entities, entity) ? <EntityDataView key={entity} app={app} entity={entity} /> : null;
  }
  if (view === "secrets") return hasSecrets(app) ? <SecretsView app={app} /> : null;
  if (view === "payments") return hasPayments(app) ? <PaymentsView app={app} /> : null;
  return Object.hasOwn(fixed, view) ? fixed[view]!(app, search) : null;
}
