import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { App } from "../../../../../schemas/app";
import { fileVersion } from "../../../../../schemas/coding";
import { appQuery } from "../../../api/apps";
import { ApiError } from "../../../api/client";
import { Coding } from "../../../api/coding";
import { applyFiles } from "../../../realtime/appPatch";

/** The files the code workspace edits, path → text, in tree order: pages, components, entities, layout, functions. */
export function editableFiles(app: App): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, code] of Object.entries(app.pages)) files[`pages/${name}`] = code;
  for (const [name, code] of Object.entries(app.components)) files[`components/${name}`] = code;
  for (const [name, schema] of Object.entries(app.entities)) files[`entities/${name}`] = entityText(schema);
  if (app.layout !== null) files["layout/main"] = app.layout;
  for (const [name, code] of Object.entries(app.functions)) files[`functions/${name}`] = code;
  return files;
}

/** An entity file's text as the workspace shows and saves it. */
export const entityText = (schema: unknown) => JSON.stringify(schema, null, 2);

/** True for the 409 of a save made from a version of the file that is no longer current. */
export const isStaleSave = (err: unknown) => err instanceof ApiError && err.status === 409;

export interface SaveFile {
  path: string;
  content: string;
  /** the text the edit started from (null: a new file); omitted, the file as the cached app has it now */
  base?: string | null;
}

/**
 * One manual save through `Coding.write` (checkpoint + "manually edited" chat entry), sent with
 * the version it was edited from so a stale save is refused (409) rather than overwriting.
 * Our own socket is not sent our own change back, so the cached app takes it here.
 */
export function useSaveFile(appId: string) {
  const client = useQueryClient();
  const { queryKey } = appQuery(appId);
  return useMutation({
    mutationFn: async ({ path, content, base }: SaveFile) => {
      const cached = client.getQueryData(queryKey);
      const from = base !== undefined ? base : cached ? (editableFiles(cached)[path] ?? null) : undefined;
      const version = from === undefined || from === null ? from : await fileVersion(path, from);
      return Coding.write(appId, { file_path: path, content, version });
    },
    onSuccess: (_, { path, content }) => {
      const app = client.getQueryData(queryKey);
      if (app) client.setQueryData(queryKey, { ...app, ...applyFiles(app, { [path]: content }) });
      return client.invalidateQueries({ queryKey });
    },
  });
}
