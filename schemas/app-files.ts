import * as z from "zod";
import { checkIndexHints } from "./entities";

/**
 * The conventions of a generated app's files (DESIGN §5), shared by the agent's
 * prompt, the offline engine, the appliers, the runtime and the export.
 *
 *   pages/<Name>                    a React page (JSX), default export; its URL is its name. It may also
 *                                   `export const pageConfig = { requiresAuth, usesLayout, showInMenu, parent }`
 *                                   (PageConfig below), which the runner reads once it has evaluated the page
 *   components/<Name> or <dir>/<Name>  React components
 *   layout/main                     Layout({ children, currentPageName, menuPages }); menuPages: the pages
 *                                   offered to its menu, [{ name, url, children }]
 *   entities/<Name>                 JSON Schema of an entity (name, type "object", properties, required, rls?)
 *   functions/<name>                a backend function
 */
export const FileKind = z.enum(["pages", "components", "layout", "entities", "functions"]);
export type FileKind = z.infer<typeof FileKind>;

const segment = "[A-Za-z][A-Za-z0-9_-]{0,63}";
export const filePathPattern = new RegExp(
  `^(pages/${segment}|components/(${segment}/){0,3}${segment}|layout/main|entities/${segment}|functions/${segment})$`,
);

export const FilePath = z
  .string()
  .trim()
  .regex(filePathPattern, "file paths look like pages/Name, components/Name, components/dir/Name, layout/main, entities/Name or functions/name");
export type FilePath = z.infer<typeof FilePath>;

export const MAX_FILE_CHARS = 120_000;

export function kindOf(path: string): FileKind {
  return FileKind.parse(path.split("/")[0]);
}

/** "components/tasks/TaskCard" -> "TaskCard" */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The language a file is shown in (spec 01: Message Details "css or javascript"; entities are JSON). */
export function languageOf(path: string): "javascript" | "json" | "css" {
  if (path.startsWith("entities/")) return "json";
  return "javascript";
}

/** JSON Schema of an entity, the same shape base44 apps keep their entities in. */
export const EntityProperty: z.ZodType<Record<string, unknown>> = z
  .object({
    type: z.enum(["string", "number", "integer", "boolean", "array", "object"]),
    description: z.string().optional(),
    format: z.string().optional(),
    enum: z.array(z.union([z.string(), z.number()])).optional(),
    default: z.unknown().optional(),
    items: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

export const EntitySchema = z
  .object({
    name: z.string().regex(new RegExp(`^${segment}$`), "entity names start with a letter"),
    type: z.literal("object"),
    properties: z.record(z.string(), EntityProperty),
    required: z.array(z.string()).default([]),
    rls: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough()
  .superRefine(checkIndexHints);
export type EntitySchema = z.infer<typeof EntitySchema>;

/** The whole file tree of an app: path -> content. */
export const FileTree = z.record(z.string(), z.string());
export type FileTree = z.infer<typeof FileTree>;

/**
 * A page's place in the runner (spec 03 §2.13), `export const pageConfig = {...}` in pages/<Name>.
 * Every key is optional:
 * - requiresAuth: sign-in needed to see the page. Absent: true, except in a public_without_login
 *   app, which is open to anyone by its own setting, so its pages are open unless they say true.
 * - usesLayout: rendered inside layout/main (absent: true).
 * - showInMenu: offered to the layout's menu (absent: true).
 * - parent: the page this one is a child of; it is then also reachable at /<Parent>/<Name>
 *   and listed in the menu under its parent.
 * A key of the wrong type counts as absent.
 */
export const PageConfig = z.object({
  requiresAuth: z.boolean().optional().catch(undefined),
  usesLayout: z.boolean().optional().catch(undefined),
  showInMenu: z.boolean().optional().catch(undefined),
  parent: z.string().max(64).optional().catch(undefined),
});
export type PageConfig = z.infer<typeof PageConfig>;
