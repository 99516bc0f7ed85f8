import { describe, expect, it } from "vitest";
import { SEARCH_MIN, fileError, filterFiles } from "../../web/src/components/workspace/code/check";

describe("fileError: the code workspace's warning", () => {
  it("a page that compiles has none", () => {
    expect(fileError("pages/Home", "export default function Home() { return <div className='p-4'>Hi</div>; }")).toBeNull();
  });

  it("a JSX syntax error is found by the runtime's compile step, with its line", () => {
    expect(fileError("pages/Home", "export default function Home() {\n  return <div className=>Hi</div>;\n}")).toMatch(/^Line 2: /);
  });

  it("entities must be JSON and a valid entity schema", () => {
    expect(fileError("entities/Task", "{ nope")).toMatch(/^Invalid JSON/);
    expect(fileError("entities/Task", JSON.stringify({ name: "Task", type: "array", properties: {} }))).toMatch(/^Invalid entity schema/);
    expect(fileError("entities/Task", JSON.stringify({ name: "Task", type: "object", properties: { title: { type: "string" } } }))).toBeNull();
  });
});

describe("filterFiles: the tree's search", () => {
  const paths = ["pages/Home", "pages/Tasks", "components/TaskCard", "entities/Task", "layout/main"];

  it(`starts at ${SEARCH_MIN} characters`, () => {
    expect(filterFiles(paths, "t")).toEqual(paths);
    expect(filterFiles(paths, "ta")).toEqual(["pages/Tasks", "components/TaskCard", "entities/Task"]);
  });

  it("is case-insensitive and matches the folder too", () => {
    expect(filterFiles(paths, "LAYOUT")).toEqual(["layout/main"]);
    expect(filterFiles(paths, "zz")).toEqual([]);
  });
});
