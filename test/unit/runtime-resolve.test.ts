import { describe, expect, it } from "vitest";
import { createPageUrl, modeOfHost, pageOfPath } from "../../schemas/preview";
import { appLabelOf, isRuntimePath } from "../../stacks/local/app-host";
import { BUILTINS, ImportError, UI_PARTS, resolveImport } from "../../web/runtime/resolve";

const files = {
  "pages/Home": "",
  "pages/TaskDetail": "",
  "components/StatCard": "",
  "components/tasks/TaskCard": "",
  "components/ui/fancy": "",
  "layout/main": "",
  "entities/Task": "{}",
  "functions/sendReport": "",
};

const resolve = (spec: string, from = "pages/Home", tree: Record<string, string> = files) => resolveImport(spec, from, tree);

describe("runtime: what an import of generated code refers to", () => {
  it("the app's pages, components (folders too) and layout, by @/ path, relative path or with an extension", () => {
    expect(resolve("@/pages/TaskDetail")).toEqual({ kind: "file", path: "pages/TaskDetail" });
    expect(resolve("@/components/StatCard")).toEqual({ kind: "file", path: "components/StatCard" });
    expect(resolve("@/components/tasks/TaskCard.jsx")).toEqual({ kind: "file", path: "components/tasks/TaskCard" });
    expect(resolve("../components/StatCard")).toEqual({ kind: "file", path: "components/StatCard" });
    expect(resolve("./TaskCard", "components/tasks/Board")).toEqual({ kind: "file", path: "components/tasks/TaskCard" });
    expect(resolve("@/components/statcard")).toEqual({ kind: "file", path: "components/StatCard" });
    for (const spec of ["@/Layout", "@/layout", "@/layout/main", "@/Layout.jsx", "@/pages/Layout", "../Layout"]) {
      expect(resolve(spec), spec).toEqual({ kind: "file", path: "layout/main" });
    }
  });

  it("@/entities/X is the entity's API (not its schema file), @/functions/x the backend function", () => {
    expect(resolve("@/entities/Task")).toEqual({ kind: "entity", name: "Task" });
    expect(resolve("@/entities/User")).toEqual({ kind: "entity", name: "User" });
    expect(resolve("@/functions/sendReport")).toEqual({ kind: "function", name: "sendReport" });
  });

  it("Kiln's modules: packages, the base44 client, integrations, utils and the UI kit, under the spellings base44 apps use", () => {
    for (const spec of ["react", "react-dom", "react-router-dom", "lucide-react", "date-fns", "clsx", "tailwind-merge", "class-variance-authority", "@base44/sdk", "sonner"]) {
      expect(resolve(spec), spec).toEqual({ kind: "builtin", id: spec });
    }
    expect(resolve("@/api/base44Client")).toEqual({ kind: "builtin", id: "@/api/base44Client" });
    expect(resolve("@/api/base44Client.js")).toEqual({ kind: "builtin", id: "@/api/base44Client" });
    expect(resolve("../api/base44Client")).toEqual({ kind: "builtin", id: "@/api/base44Client" });
    expect(resolve("@/api/entities")).toEqual({ kind: "builtin", id: "@/api/entities" });
    expect(resolve("@/entities")).toEqual({ kind: "builtin", id: "@/api/entities" });
    expect(resolve("@/integrations/Core")).toEqual({ kind: "builtin", id: "@/integrations/Core" });
    expect(resolve("@/api/integrations")).toEqual({ kind: "builtin", id: "@/api/integrations" });
    expect(resolve("@/utils")).toEqual({ kind: "builtin", id: "@/utils" });
    expect(resolve("@/utils/index")).toEqual({ kind: "builtin", id: "@/utils" });
    expect(resolve("@/lib/utils")).toEqual({ kind: "builtin", id: "@/lib/utils" });
    expect(resolve("@/hooks/use-toast")).toEqual({ kind: "builtin", id: "@/components/ui/use-toast" });
    for (const part of UI_PARTS) expect(resolve(`@/components/ui/${part}`)).toEqual({ kind: "builtin", id: `@/components/ui/${part}` });
  });

  it("an app's own copy of a UI part wins over the kit's", () => {
    expect(resolve("@/components/ui/button", "pages/Home", { ...files, "components/ui/button": "" })).toEqual({ kind: "file", path: "components/ui/button" });
    expect(resolve("@/components/ui/fancy")).toEqual({ kind: "file", path: "components/ui/fancy" });
  });

  it("every import the offline engine's apps and the prompt allow resolves", () => {
    const specs = ["react", "react-router-dom", "lucide-react", "date-fns", "@/utils", "@/api/base44Client", "@/integrations/Core", "@/entities/Deal", "@/functions/sendReport"];
    for (const spec of specs) expect(() => resolve(spec), spec).not.toThrow();
    expect(BUILTINS).toContain("react/jsx-dev-runtime");
  });

  it("an unknown import is a clear error naming the file and the import", () => {
    const attempt = (spec: string) => {
      try {
        resolve(spec);
      } catch (err) {
        expect(err).toBeInstanceOf(ImportError);
        return (err as ImportError).message;
      }
      throw new Error(`${spec} resolved`);
    };
    expect(attempt("recharts")).toMatch(/^pages\/Home imports the package "recharts", which Kiln apps cannot use\. Available packages: react, /);
    expect(attempt("@/components/Missing")).toBe('pages/Home imports "@/components/Missing", but the app has no file components/Missing.');
    expect(attempt("@/components/ui/carousel")).toMatch(/is not part of Kiln's UI kit\. Available: accordion, /);
    expect(attempt("../../outside")).toMatch(/points outside the app/);
    expect(() => resolve("@/Layout", "pages/Home", { "pages/Home": "" })).toThrow('pages/Home imports the layout ("@/Layout"), but the app has no layout/main.');
  });
});

describe("runtime: hosts, pages and their addresses", () => {
  const pages = ["Dashboard", "Tasks", "TaskDetail"];

  it("a page's URL is its name; / is the main page; matching ignores case and dashes", () => {
    expect(createPageUrl("TaskDetail")).toBe("/TaskDetail");
    expect(createPageUrl("Task Detail")).toBe("/Task-Detail");
    expect(pageOfPath("/", pages, "Tasks")).toEqual({ name: "Tasks", found: true });
    expect(pageOfPath("/", pages, null)).toEqual({ name: "Dashboard", found: true });
    expect(pageOfPath("/taskdetail", pages, null)).toEqual({ name: "TaskDetail", found: true });
    expect(pageOfPath("/Task-Detail/", pages, null)).toEqual({ name: "TaskDetail", found: true });
    expect(pageOfPath("/Reports", pages, null)).toEqual({ name: "Reports", found: false });
  });

  it("on one machine, apps live on {label}.localhost; the builder's host is not one, nor serves the runtime", () => {
    expect(appLabelOf("preview--crm-abc123.localhost:4444")).toBe("preview--crm-abc123");
    expect(appLabelOf("CRM-abc123.localhost")).toBe("crm-abc123");
    expect(appLabelOf("localhost:4444")).toBeNull();
    expect(appLabelOf("127.0.0.1:4444")).toBeNull();
    expect(appLabelOf("a.b.localhost:4444")).toBeNull();
    expect(appLabelOf(undefined)).toBeNull();
    expect(isRuntimePath("/runtime/index.html")).toBe(true);
    expect(isRuntimePath("/runtimes")).toBe(false);
  });

  it("a preview-- host shows the draft, any other the published app", () => {
    expect(modeOfHost("preview--crm-abc123.localhost")).toBe("preview");
    expect(modeOfHost("crm-abc123.localhost")).toBe("prod");
    expect(modeOfHost("shop.example.com")).toBe("prod");
  });
});
