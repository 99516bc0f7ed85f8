import { describe, expect, it } from "vitest";
import { CompileError, compile } from "../../lib/runtime/compile";
import { sourceLocation } from "../../web/runtime/jsx";

describe("runtime: compiling a file of a generated app", () => {
  const page = [
    'import React, { useState } from "react";',
    'import { Button } from "@/components/ui/button";',
    "export default function Home({ items, ...rest }) {",
    "  const [n, setN] = useState(0);",
    "  return (",
    '    <div className="p-4"><span>{n}</span>',
    "      {items.map((i) => <li {...rest} key={i.id}><b>{i.name}</b></li>)}",
    "      <Button onClick={() => setN(n + 1)}>Add</Button>",
    "      <>done</>",
    "    </div>",
    "  );",
    "}",
  ].join("\n");

  it("JSX becomes jsxDEV calls that know the file, line and column of each element", () => {
    const { code } = compile("pages/Home", page);
    const locations = [...code.matchAll(/lineNumber: (\d+), columnNumber: (\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
    // <span> 6:26, <b> 7:50, <Button> 8:7, <> 9:7, <div> 6:5 — each where its `<` is written.
    expect(locations.sort()).toEqual(["6:26", "6:5", "7:50", "8:7", "9:7"].sort());
    expect(code).toContain('const _jsxFileName = "pages/Home"');
    // A key after a spread falls back to createElement, which carries no stamp.
    expect(code).toMatch(/createElement\.call\(void 0, 'li'/);
    expect(code.endsWith("//# sourceURL=kiln-app:///pages/Home.jsx")).toBe(true);
  });

  it("imports become require calls, listed in order", () => {
    expect(compile("pages/Home", page).imports).toEqual(["react/jsx-dev-runtime", "react", "@/components/ui/button"]);
  });

  it("TypeScript is accepted too", () => {
    expect(() => compile("components/Typed", "export default function T({ n }: { n: number }): JSX.Element { return <i>{n as number}</i>; }")).not.toThrow();
  });

  it("a syntax error names the file, line and column, with the lines around it", () => {
    let error: unknown;
    try {
      compile("pages/Broken", "export default function A() {\n  const broken = ;\n  return <div />;\n}");
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CompileError);
    const e = error as CompileError;
    expect(e.path).toBe("pages/Broken");
    expect(e.line).toBe(2);
    expect(e.reason).toBe("Unexpected token");
    expect(e.message).toBe("pages/Broken:2:18: Unexpected token");
    expect(e.frame).toBe(["  1 | export default function A() {", "> 2 |   const broken = ;", "    |                  ^", "  3 |   return <div />;", "  4 | }"].join("\n"));
  });

  it("a location reads file:line:column", () => {
    expect(sourceLocation({ fileName: "pages/Home", lineNumber: 12, columnNumber: 5 })).toBe("pages/Home:12:5");
    expect(sourceLocation(undefined)).toBeNull();
  });
});
