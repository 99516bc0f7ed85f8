import type { AppMeta } from "../../../schemas/app";
import type { FileTree } from "../../../schemas/app-files";
import { THEME_CSS } from "../../../lib/runtime/theme";
import { appShell, ROUTER } from "./router";
import { BASE44_CLIENT, entitiesModule, entityFile, functionFile, functionsModule, INTEGRATIONS, LIB_UTILS, UTILS, USE_MOBILE } from "./shims";
import { kilnSources } from "./sources";

/**
 * THE export (DESIGN §7): an app's files as a standalone Vite + React project that talks to
 * this Kiln through `@base44/sdk`, plus the `base44/` layout the base44 CLI reads. The ZIP and
 * the GitHub push both carry exactly this.
 */

/** Versions checked together on Node 20 (shared/reference/toolchain.md); the same the runtime gives apps. */
export const DEPENDENCIES: Record<string, string> = {
  "@base44/sdk": "0.8.50",
  "@radix-ui/react-accordion": "1.3.1",
  "@radix-ui/react-alert-dialog": "1.2.1",
  "@radix-ui/react-avatar": "1.3.1",
  "@radix-ui/react-checkbox": "1.4.1",
  "@radix-ui/react-dialog": "1.3.1",
  "@radix-ui/react-dropdown-menu": "2.2.1",
  "@radix-ui/react-label": "2.1.17",
  "@radix-ui/react-popover": "1.3.1",
  "@radix-ui/react-progress": "1.2.1",
  "@radix-ui/react-radio-group": "1.5.1",
  "@radix-ui/react-scroll-area": "1.4.0",
  "@radix-ui/react-select": "2.4.1",
  "@radix-ui/react-separator": "1.2.0",
  "@radix-ui/react-slider": "1.6.1",
  "@radix-ui/react-slot": "1.5.0",
  "@radix-ui/react-switch": "1.4.1",
  "@radix-ui/react-tabs": "1.2.1",
  "@radix-ui/react-tooltip": "1.4.1",
  "class-variance-authority": "0.7.1",
  clsx: "2.1.1",
  "date-fns": "4.4.0",
  "lucide-react": "1.75.0",
  react: "19.3.1",
  "react-dom": "19.3.1",
  "react-router-dom": "7.18.5",
  "tailwind-merge": "3.7.0",
};
const DEV_DEPENDENCIES: Record<string, string> = {
  "@tailwindcss/vite": "4.3.5",
  "@vitejs/plugin-react": "6.3.0",
  tailwindcss: "4.3.5",
  vite: "8.3.8",
};

export interface ExportInput {
  meta: AppMeta;
  files: FileTree;
  /** this Kiln's API origin, which the exported app's SDK calls */
  apiUrl: string;
  /** the app's own origin on this Kiln, where its sign-in lives */
  appOrigin: string;
}

/** The project: path -> text. */
export function buildProject({ meta, files, apiUrl, appOrigin }: ExportInput): Record<string, string> {
  const out: Record<string, string> = {};
  const pages: string[] = [];
  const entities: Record<string, unknown> = {};
  const functions: string[] = [];
  const ownUi = new Set<string>();
  for (const [file, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const [kind, ...rest] = file.split("/");
    const name = rest.join("/");
    if (kind === "pages") {
      pages.push(name);
      out[`src/pages/${name}.jsx`] = content;
    } else if (kind === "components") {
      out[`src/components/${name}.jsx`] = content;
      if (name.startsWith("ui/")) ownUi.add(name.slice(3));
    } else if (kind === "layout") {
      out[`src/layout/${name}.jsx`] = content;
    } else if (kind === "entities") {
      const schema = parseEntity(content);
      if (!schema) continue;
      entities[name] = schema;
      out[`base44/entities/${name}.jsonc`] = `${JSON.stringify(schema, null, 2)}\n`;
    } else if (kind === "functions") {
      functions.push(name);
      out[`base44/functions/${name}/index.ts`] = content;
      out[`base44/functions/${name}/function.jsonc`] = `${JSON.stringify({ name, entry: "index.ts" }, null, 2)}\n`;
    }
  }
  const pageOrder = orderPages(pages, meta.main_page);
  const hasLayout = "layout/main" in files;
  const { uiKit, money } = kilnSources();
  for (const [file, content] of Object.entries(uiKit)) {
    if (!ownUi.has(file.replace(/\.tsx?$/, ""))) out[`src/components/ui/${file}`] = content;
  }
  const entityNames = Object.keys(entities);
  Object.assign(out, {
    "package.json": packageJson(meta),
    "vite.config.js": VITE_CONFIG,
    "index.html": indexHtml(meta.name),
    ".env": env(meta.id, apiUrl, appOrigin),
    ".gitignore": "node_modules\ndist\n.env.local\n",
    "README.md": readme(meta, apiUrl, appOrigin, { pages: pageOrder.length, entities: entityNames.length, functions: functions.length }),
    "src/main.jsx": MAIN,
    "src/index.css": `@import "tailwindcss";\n${THEME_CSS}`,
    "src/App.jsx": appShell({ pages: pageOrder.map((name) => ({ name, source: files[`pages/${name}`] ?? "" })), mainPage: meta.main_page, hasLayout, visibility: meta.public_settings }),
    "src/kiln/router.jsx": ROUTER,
    "src/api/base44Client.js": BASE44_CLIENT,
    "src/api/entity-schemas.json": `${JSON.stringify(entities, null, 2)}\n`,
    "src/api/entities.js": entitiesModule(entityNames),
    "src/api/integrations.js": INTEGRATIONS,
    "src/api/functions.js": functionsModule(functions),
    "src/entities/index.js": `export * from "@/api/entities";\n`,
    "src/entities/User.js": entityFile("User"),
    "src/integrations/index.js": `export * from "@/api/integrations";\n`,
    "src/integrations/Core.js": `export * from "@/api/integrations";\nexport { default } from "@/api/integrations";\n`,
    "src/functions/index.js": `export * from "@/api/functions";\n`,
    "src/utils/index.js": UTILS,
    "src/utils/money.ts": money,
    "src/lib/utils.js": LIB_UTILS,
    "src/hooks/use-mobile.js": USE_MOBILE,
    "src/hooks/use-toast.js": `export * from "@/components/ui/use-toast";\n`,
    "base44/config.jsonc": base44Config(meta),
  });
  for (const name of entityNames) if (name !== "User") out[`src/entities/${name}.js`] = entityFile(name);
  for (const name of functions) out[`src/functions/${name}.js`] = functionFile(name);
  if (hasLayout) out["src/Layout.jsx"] = `export { default } from "./layout/main.jsx";\n`;
  return out;
}

function parseEntity(content: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(content) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The main page first, the rest by name: the order the runner's menu follows. */
function orderPages(pages: string[], mainPage: string | null): string[] {
  return mainPage && pages.includes(mainPage) ? [mainPage, ...pages.filter((p) => p !== mainPage)] : pages;
}

function packageJson(meta: AppMeta): string {
  const name = meta.slug.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "kiln-app";
  const pkg = {
    name,
    private: true,
    version: "0.1.0",
    type: "module",
    description: meta.user_description.slice(0, 200),
    engines: { node: ">=20.19" },
    scripts: { dev: "vite", build: "vite build", preview: "vite preview" },
    dependencies: DEPENDENCIES,
    devDependencies: DEV_DEPENDENCIES,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** `@/` is src/; the other spellings of the runtime's modules (web/runtime/resolve.ts ALIASES) point at their files. */
const VITE_CONFIG = `import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";

const src = path.resolve(import.meta.dirname, "src");

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, "VITE_");
  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: [
        { find: /^@\\/src\\//, replacement: src + "/" },
        { find: /^@\\/entities\\/all$/, replacement: path.join(src, "entities/index.js") },
        { find: /^sonner$/, replacement: path.join(src, "components/ui/sonner.ts") },
        { find: /^@\\/components\\/ui\\/sonner$/, replacement: path.join(src, "components/ui/sonner.ts") },
        { find: /^@\\//, replacement: src + "/" },
      ],
    },
    // in development the app calls /api on its own origin and Vite passes it to Kiln
    server: { proxy: { "/api": { target: env.VITE_BASE44_BACKEND_URL, changeOrigin: true } } },
  };
});
`;

function indexHtml(title: string): string {
  const escaped = title.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${escaped}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`;
}

const MAIN = `import { createRoot } from "react-dom/client";
import App from "./App.jsx";
import "./index.css";

createRoot(document.getElementById("root")).render(<App />);
`;

function env(appId: string, apiUrl: string, appOrigin: string): string {
  return `# Where this app's data lives: the Kiln it was exported from (no secrets here).
VITE_BASE44_APP_ID=${appId}
VITE_BASE44_BACKEND_URL=${apiUrl}
VITE_BASE44_APP_BASE_URL=${appOrigin}
`;
}

function base44Config(meta: AppMeta): string {
  const config = {
    name: meta.name,
    description: meta.user_description.slice(0, 500),
    site: { installCommand: "npm install", buildCommand: "npm run build", outputDirectory: "dist" },
    entitiesDir: "entities",
    functionsDir: "functions",
  };
  return `// The base44 CLI's project config: entities in base44/entities, backend functions in base44/functions.\n${JSON.stringify(config, null, 2)}\n`;
}

function readme(meta: AppMeta, apiUrl: string, appOrigin: string, counts: { pages: number; entities: number; functions: number }): string {
  return `# ${meta.name}

${meta.user_description}

Exported from Kiln: ${counts.pages} pages, ${counts.entities} entities, ${counts.functions} backend functions.
A standalone Vite + React project; its data, users, integrations and backend functions stay on the Kiln it
came from (${apiUrl}), reached through \`@base44/sdk\`.

## Run it

\`\`\`sh
npm install
npm run dev      # http://localhost:5173, /api passed on to Kiln
npm run build    # static files in dist/
\`\`\`

Settings are in \`.env\`: \`VITE_BASE44_APP_ID\` (the app), \`VITE_BASE44_BACKEND_URL\` (Kiln's API) and
\`VITE_BASE44_APP_BASE_URL\` (the app's own address on Kiln, ${appOrigin}, where its users sign in).
A build served from another origin calls Kiln's API across origins.

## Layout

- \`src/pages\`, \`src/components\`, \`src/layout/main.jsx\`: the app's own code, unchanged.
- \`src/components/ui\`: the UI kit Kiln's preview gives apps (\`@/components/ui/<part>\`).
- \`src/api\`, \`src/entities\`, \`src/integrations\`, \`src/functions\`: \`@/entities/X\`, \`@/integrations/Core\` and
  \`@/functions/x\` over \`@base44/sdk\`.
- \`base44/\`: the project as the base44 CLI reads it: \`config.jsonc\`, \`entities/<Name>.jsonc\`,
  \`functions/<name>/index.ts\` with \`function.jsonc\`.

Secret values are never exported: set them again wherever the functions run.
`;
}
