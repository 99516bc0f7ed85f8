/** Addresses the editor links to (spec 01 §2); some screens arrive in later issues. */
export const links = {
  /** the code view of one file; slashes stay readable in the query */
  code: (appId: string, path: string) => `/apps/${appId}/editor/workspace/code?filePath=${encodeURIComponent(path).replace(/%2F/g, "/")}`,
  workspace: (appId: string, view: "users" | "security" | "app-settings") => `/apps/${appId}/editor/workspace/${view}`,
  remixBadge: (appId: string) => `/apps/${appId}/editor/workspace/app-settings?selectedParam=platform-badge`,
  support: (appId: string) => `/support?appId=${encodeURIComponent(appId)}`,
  billing: "/billing",
};
