import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { App } from "../../../../../schemas/app";
import { appQuery } from "../../../api/apps";
import { Coding } from "../../../api/coding";

/** The files the code workspace edits, path → text, in tree order: pages, components, entities, layout. */
export function editableFiles(app: App): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, code] of Object.entries(app.pages)) files[`pages/${name}`] = code;
  for (const [name, code] of Object.entries(app.components)) files[`components/${name}`] = code;
  for (const [name, schema] of Object.entries(app.entities)) files[`entities/${name}`] = entityText(schema);
  if (app.layout !== null) files["layout/main"] = app.layout;
  return files;
}

/** An entity file's text as the workspace shows and saves it. */
export const entityText = (schema: unknown) => JSON.stringify(schema, null, 2);

/**
 * One manual save through `Coding.write` (checkpoint + "manually edited" chat entry). Our own
 * socket is not sent our own change back, so the cached app is reloaded here.
 */
export function useSaveFile(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, content }: { path: string; content: string }) => Coding.write(appId, { file_path: path, content }),
    onSuccess: () => client.invalidateQueries({ queryKey: appQuery(appId).queryKey }),
  });
}
