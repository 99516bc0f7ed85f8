import { describe, expect, it } from "vitest";
import { Coding } from "../../functions/core/apps/coding";

const page = ['export default function Home() {', '  return (', '    <div className="p-4 text-sm">', '      <h1 className="text-xl">Hi</h1>', "    </div>", "  );", "}"].join("\n");
const edit = (line: number, text: string) => page.split("\n").map((l, i) => (i === line ? text : l)).join("\n");

describe("Coding.isClassOnlyChange (what the free plan may save: Visual Edit)", () => {
  it("accepts a change of one line's class values, in every quoting", () => {
    expect(Coding.isClassOnlyChange(page, edit(2, '    <div className="p-8 text-lg bg-red-500">'))).toBe(true);
    expect(Coding.isClassOnlyChange(page, edit(2, "    <div className='p-8'>"))).toBe(true);
    expect(Coding.isClassOnlyChange(page, edit(2, "    <div className={`p-8`}>"))).toBe(true);
    expect(Coding.isClassOnlyChange(page, edit(3, '      <h1 className="">Hi</h1>'))).toBe(true);
    const themed = edit(3, "      <h1 className={theme.heading}>Hi</h1>");
    expect(Coding.isClassOnlyChange(themed, edit(3, '      <h1 className="text-3xl">Hi</h1>'))).toBe(true);
  });

  it("refuses anything else: text, attributes, two lines, added or removed lines, no change", () => {
    expect(Coding.isClassOnlyChange(page, edit(3, '      <h1 className="text-xl">Hello</h1>'))).toBe(false);
    expect(Coding.isClassOnlyChange(page, edit(2, '    <div className="p-4" onClick={() => fetch("/x")}>'))).toBe(false);
    expect(Coding.isClassOnlyChange(page, edit(2, '    <div className={evil()}>'))).toBe(false);
    expect(Coding.isClassOnlyChange(page, edit(2, "    <div className={`${fetch('/steal')}`}>"))).toBe(false);
    expect(Coding.isClassOnlyChange(page, edit(2, "    <div className={steal()}>"))).toBe(false);
    expect(Coding.isClassOnlyChange(page, edit(2, "    <div className={a[b]}>"))).toBe(false);
    const two = edit(2, '    <div className="p-8">').replace('className="text-xl"', 'className="text-2xl"');
    expect(Coding.isClassOnlyChange(page, two)).toBe(false);
    expect(Coding.isClassOnlyChange(page, `${page}\n// more`)).toBe(false);
    expect(Coding.isClassOnlyChange(page, page)).toBe(false);
  });
});

describe("Coding.isRlsOnlyChange (the Security view's saves are every plan's)", () => {
  const task = { name: "Task", type: "object", properties: { title: { type: "string" } }, required: ["title"] };
  it("accepts adding, changing or removing rls, whatever the formatting", () => {
    expect(Coding.isRlsOnlyChange(JSON.stringify(task), JSON.stringify({ ...task, rls: { read: { created_by: "{{user.email}}" } } }, null, 2))).toBe(true);
    expect(Coding.isRlsOnlyChange(JSON.stringify({ ...task, rls: { read: true } }), JSON.stringify(task))).toBe(true);
  });
  it("refuses any other change, and what is not JSON", () => {
    expect(Coding.isRlsOnlyChange(JSON.stringify(task), JSON.stringify({ ...task, required: [] }))).toBe(false);
    expect(Coding.isRlsOnlyChange(JSON.stringify(task), "{")).toBe(false);
  });
});
