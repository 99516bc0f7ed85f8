import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createPageUrl } from "../../schemas/preview";
import { CompileError } from "../../lib/runtime/compile";
import * as jsxDevRuntime from "../../web/runtime/jsx";
import { AppModules, type Exports, type ModuleProvider } from "../../web/runtime/modules";
import { ImportError } from "../../web/runtime/resolve";

/** The real React and Kiln's jsxDEV; entities and functions answer what they were asked for. */
const provider: ModuleProvider = {
  builtin(id) {
    if (id === "react") return { ...React, default: React, __esModule: true };
    if (id === "react/jsx-dev-runtime") return { ...jsxDevRuntime, __esModule: true };
    if (id === "@/utils") return { createPageUrl, __esModule: true };
    throw new Error(`no ${id} in this test`);
  },
  entity: (name) => ({ __esModule: true, [name]: { entityName: name } }),
  func: (name) => ({ __esModule: true, default: () => `invoked ${name}` }),
};

const card = 'export default function Card({ title }) {\n  return <section className="card"><h2>{title}</h2></section>;\n}';
const home = [
  'import Card from "@/components/Card";',
  'import { Task } from "@/entities/Task";',
  "export const entity = Task;",
  "export default function Home() {",
  '  return <main className="p-4"><Card title="Hi" /></main>;',
  "}",
].join("\n");
const about = 'export default function About() {\n  return <p>About</p>;\n}';

function appWith(files: Record<string, string>) {
  const modules = new AppModules(provider);
  modules.update(files);
  return modules;
}

const render = (exports: Exports) => renderToStaticMarkup(React.createElement(exports.default as React.FC));

describe("runtime: the app's files as modules", () => {
  it("evaluates a page with its imports, and every element says where it is written", () => {
    const modules = appWith({ "pages/Home": home, "components/Card": card });
    const html = render(modules.require("pages/Home"));
    expect(html).toBe(
      '<main class="p-4" data-source-location="pages/Home:5:10"><section class="card" data-source-location="components/Card:2:10">' +
        '<h2 data-source-location="components/Card:2:36">Hi</h2></section></main>',
    );
    expect(modules.require("pages/Home").entity).toEqual({ entityName: "Task" });
  });

  it("a module is evaluated once: its components keep their identity across renders", () => {
    const modules = appWith({ "pages/Home": home, "components/Card": card });
    expect(modules.require("pages/Home").default).toBe(modules.require("pages/Home").default);
  });

  it("a change drops that file and everything that imports it, and nothing else", () => {
    const modules = appWith({ "pages/Home": home, "pages/About": about, "components/Card": card });
    const before = { home: modules.require("pages/Home").default, about: modules.require("pages/About").default };
    expect(modules.update({ "pages/Home": home, "pages/About": about, "components/Card": card })).toEqual([]);

    const changed = modules.update({ "pages/Home": home, "pages/About": about, "components/Card": card.replace("card", "card big") });
    expect(changed).toEqual(["components/Card"]);
    expect(modules.require("pages/About").default).toBe(before.about);
    expect(modules.require("pages/Home").default).not.toBe(before.home);
    expect(render(modules.require("pages/Home"))).toContain('class="card big"');
  });

  it("an import nothing satisfies is an ImportError with its line, until the file appears", () => {
    const modules = appWith({ "pages/Home": home });
    expect(() => modules.require("pages/Home")).toThrow(ImportError);
    try {
      modules.require("pages/Home");
    } catch (err) {
      expect((err as ImportError).line).toBe(1);
      expect((err as ImportError).message).toBe('pages/Home imports "@/components/Card", but the app has no file components/Card.');
    }
    modules.update({ "pages/Home": home, "components/Card": card });
    expect(render(modules.require("pages/Home"))).toContain("Hi");
  });

  it("a syntax error stays until the file is fixed", () => {
    const modules = appWith({ "pages/About": "export default function About() {\n  return <p>About</p\n}" });
    expect(() => modules.require("pages/About")).toThrow(CompileError);
    expect(() => modules.require("pages/About")).toThrow(CompileError);
    modules.update({ "pages/About": about });
    expect(render(modules.require("pages/About"))).toBe('<p data-source-location="pages/About:2:10">About</p>');
  });

  it("@/functions/x calls the backend function", () => {
    const modules = appWith({ "pages/Run": 'import run from "@/functions/report";\nexport const result = run();\nexport default function Run() { return null; }' });
    expect(modules.require("pages/Run").result).toBe("invoked report");
  });
});
