import type { FileTree } from "../../../schemas/app-files";
import type { PublishedBuild } from "../../../schemas/publish";
import { compile } from "../../../lib/runtime/compile";
import { tailwindCss } from "./tailwind";

/** Files the runtime never evaluates as code: entities are JSON schemas, backend functions run on the server. */
const notCode = (file: string) => file.startsWith("entities/") || file.startsWith("functions/");

/**
 * A published app's build, made once at publish instead of in every visitor's page: each code
 * file compiled exactly as the preview compiles it (so modules, imports and errors behave the
 * same), and its Tailwind CSS. A file that does not compile is left out: the runtime compiles it
 * in the page and shows the same error it always did.
 */
export async function buildPublished(files: FileTree): Promise<PublishedBuild> {
  const modules: PublishedBuild["modules"] = {};
  for (const [file, source] of Object.entries(files)) {
    if (notCode(file)) continue;
    try {
      modules[file] = compile(file, source);
    } catch {
      continue;
    }
  }
  return { modules, css: await tailwindCss(Object.values(files)) };
}
