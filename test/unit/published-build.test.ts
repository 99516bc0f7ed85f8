import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildPublished } from "../../functions/core/publish/build";
import { candidatesOf } from "../../functions/core/publish/tailwind";
import * as jsxDevRuntime from "../../web/runtime/jsx";
import { AppModules, type ModuleProvider } from "../../web/runtime/modules";

const provider: ModuleProvider = {
  builtin(id) {
    if (id === "react") return { ...React, default: React, __esModule: true };
    if (id === "react/jsx-dev-runtime") return { ...jsxDevRuntime, __esModule: true };
    throw new Error(`no ${id} in this test`);
  },
  entity: (name) => ({ __esModule: true, [name]: { entityName: name } }),
  func: () => ({ __esModule: true }),
};

const files = {
  "pages/Home": 'import Card from "@/components/Card";\nexport default function Home() {\n  return <main className="p-4 md:grid-cols-3"><Card /></main>;\n}',
  "components/Card": 'export default function Card() {\n  return <section className="rounded-xl bg-[#123456] hover:bg-primary/90">Hi</section>;\n}',
  "entities/Task": '{"name":"Task","type":"object","properties":{"title":{"type":"string"}}}',
  "pages/Broken": "export default function Broken() { return <div>; }",
};

describe("the publish build", () => {
  it("compiles each code file's JSX, leaves out entities and files that do not compile, and builds CSS of the classes used", async () => {
    const build = await buildPublished(files);
    expect(Object.keys(build.modules).sort()).toEqual(["components/Card", "pages/Home"]);
    expect(build.modules["pages/Home"].code).toContain("jsxDEV");
    expect(build.modules["pages/Home"].code).not.toContain("<main");
    expect(build.modules["pages/Home"].imports).toEqual(["react/jsx-dev-runtime", "@/components/Card"]);
    for (const selector of [".p-4", ".md\\:grid-cols-3", ".rounded-xl", ".bg-\\[\\#123456\\]", ".hover\\:bg-primary\\/90"]) expect(build.css, selector).toContain(selector);
    // the theme and preflight are in; utilities nobody writes are not; no directive is left for a compiler in the page
    expect(build.css).toContain("--color-primary");
    expect(build.css).toContain("box-sizing");
    expect(build.css).not.toContain(".bg-fuchsia-950");
    expect(build.css).not.toMatch(/@import|@theme|@tailwind|@apply|@custom-variant/);
  });

  it("words that could be classes, with the punctuation around them trimmed", () => {
    const words = candidatesOf(['cn("px-2", active && "bg-muted")', "<div className={`flex ${x}`}>"]);
    for (const word of ["px-2", "bg-muted", "flex"]) expect(words.has(word), word).toBe(true);
  });

  it("the runtime evaluates the prebuilt code, and compiles a file again once its text changes", async () => {
    const build = await buildPublished(files);
    const marked = { ...build.modules["components/Card"], code: build.modules["components/Card"].code.replace('"Hi"', '"Prebuilt"') };
    const modules = new AppModules(provider);
    modules.update(files);
    modules.prebuilt({ ...build.modules, "components/Card": marked });
    const home = modules.require("pages/Home").default as React.FC;
    expect(renderToStaticMarkup(React.createElement(home))).toContain("Prebuilt");

    modules.update({ ...files, "components/Card": files["components/Card"].replace("Hi", "Changed") });
    const again = modules.require("pages/Home").default as React.FC;
    expect(renderToStaticMarkup(React.createElement(again))).toContain("Changed");
  });
});
