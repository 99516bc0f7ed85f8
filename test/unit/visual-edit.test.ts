import { describe, expect, it } from "vitest";
import { COLOR_FAMILIES, SHADES, Utilities, parseSourceLocation, rewriteClassAttribute } from "../../web/src/components/editor/visual-edit/classes";

describe("Visual Edit's vocabulary", () => {
  it("has the spec's 22 colour families with shades 50 to 950", () => {
    expect(COLOR_FAMILIES).toHaveLength(22);
    expect(SHADES[0]).toBe(50);
    expect(SHADES.at(-1)).toBe(950);
  });
});

describe("Utilities", () => {
  it("reads and replaces one utility, keeping the others in order", () => {
    const classes = "flex p-4 text-sm text-slate-700 bg-white hover:bg-slate-50";
    expect(Utilities.color.get(classes, "text")).toBe("slate-700");
    expect(Utilities.color.get(classes, "bg")).toBe("white");
    expect(Utilities.color.set(classes, "text", "rose-600")).toBe("flex p-4 text-sm bg-white hover:bg-slate-50 text-rose-600");
    expect(Utilities.fontSize.get(classes)).toBe("sm");
    expect(Utilities.fontSize.set(classes, "2xl")).toBe("flex p-4 text-slate-700 bg-white hover:bg-slate-50 text-2xl");
    expect(Utilities.spacing.get(classes, "p")).toBe("4");
    expect(Utilities.spacing.set(classes, "p", null)).toBe("flex text-sm text-slate-700 bg-white hover:bg-slate-50");
    expect(Utilities.spacing.set("mx-2", "mx", "auto")).toBe("mx-auto");
    expect(Utilities.fontWeight.set("font-bold", "black")).toBe("font-black");
  });

  it("does not confuse a text colour with a text size", () => {
    expect(Utilities.color.set("text-lg", "text", "red-500")).toBe("text-lg text-red-500");
    expect(Utilities.fontSize.set("text-red-500", "xs")).toBe("text-red-500 text-xs");
  });
});

describe("rewriteClassAttribute", () => {
  const file = ["export default function Home() {", "  return (", '    <div className="p-4">', "      <h1>Hi</h1>", "      <Card", '        className="mt-2"', "      />", "      <p className={cn('a', b)}>x</p>", "    </div>", "  );", "}"].join("\n");

  it("rewrites the class attribute of the element at that line and column", () => {
    const next = rewriteClassAttribute(file, 3, 5, "p-8 bg-rose-50");
    expect(next!.split("\n")[2]).toBe('    <div className="p-8 bg-rose-50">');
    expect(next!.split("\n").filter((l, i) => l !== file.split("\n")[i])).toHaveLength(1);
  });

  it("replaces a plain reference with the literal the panel showed, but never an expression that runs", () => {
    const themed = ["<div>", "  <h1 className={theme.heading}>Hi</h1>", "  <p className={active ? 'a' : 'b'}>x</p>", "</div>"].join("\n");
    expect(rewriteClassAttribute(themed, 2, 3, "text-3xl font-bold")!.split("\n")[1]).toBe('  <h1 className="text-3xl font-bold">Hi</h1>');
    expect(rewriteClassAttribute(themed, 3, 3, "x")).toBeNull();
  });

  it("adds className to a tag that has none", () => {
    expect(rewriteClassAttribute(file, 4, 7, "text-2xl")!.split("\n")[3]).toBe('      <h1 className="text-2xl">Hi</h1>');
  });

  it("refuses what is not a one-line class edit", () => {
    expect(rewriteClassAttribute(file, 5, 7, "x")).toBeNull(); // the tag goes on; its class is on the next line
    expect(rewriteClassAttribute(file, 8, 7, "x")).toBeNull(); // classes computed in code
    expect(rewriteClassAttribute(file, 2, 3, "x")).toBeNull(); // no tag there
    expect(rewriteClassAttribute(file, 99, 1, "x")).toBeNull();
  });

  it("never lets a value break out of the attribute", () => {
    expect(rewriteClassAttribute(file, 3, 5, 'p-2" onClick={alert}')!.split("\n")[2]).toBe('    <div className="p-2 onClick=alert">');
  });

  it("reads the runtime's source locations", () => {
    expect(parseSourceLocation("components/tasks/TaskCard:12:7")).toEqual({ file: "components/tasks/TaskCard", line: 12, column: 7 });
    expect(parseSourceLocation("nope")).toBeNull();
  });
});
