// @vitest-environment jsdom
import { Badge, ChakraProvider } from "@chakra-ui/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RecordsColumn, RecordsTable, type RecordsTableProps, RowAction, nextSort, sortRows } from "../../web/src/components/ui/RecordsTable";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The one records table (issue 9) that the data, users and admin lists are built on. */

beforeAll(polyfillJsdom);
afterEach(cleanup);

interface Person {
  id: string;
  name: string;
  role: "admin" | "user";
  age: number;
}
const people: Person[] = [
  { id: "p1", name: "Grace", role: "admin", age: 85 },
  { id: "p2", name: "ada", role: "user", age: 36 },
  { id: "p3", name: "Alan", role: "user", age: 41 },
];
const columns: RecordsColumn<Person>[] = [
  { key: "name", header: "Name", text: (p) => p.name, sortable: true },
  { key: "role", header: "Role", render: (p) => <Badge>{p.role}</Badge> },
  { key: "age", header: "Age", text: (p) => String(p.age), sortable: true, sortValue: (p) => p.age },
];
const testIds = { table: "people-table", row: "person-row", empty: "people-empty" };

function show(props: Partial<RecordsTableProps<Person>> = {}) {
  return render(
    <ChakraProvider value={system}>
      <RecordsTable rows={people} rowKey={(p) => p.id} columns={columns} empty={{ text: "No people found" }} label="People" testIds={testIds} {...props} />
    </ChakraProvider>,
  );
}
const names = () => screen.getAllByTestId("person-row").map((r) => r.querySelector("td[title]")!.textContent);
const header = (name: string) => screen.getAllByRole("columnheader").find((h) => h.textContent === name)!;

describe("RecordsTable", () => {
  it("scrolls in a named region the keyboard can focus (axe's scrollable-region-focusable once the rows overflow)", () => {
    show();
    const region = screen.getByRole("region", { name: "People" });
    expect(region.getAttribute("data-testid")).toBe("people-table");
    expect(region.tabIndex).toBe(0);
  });

  it("shows a header per column, text cells cut short with the whole text on hover, and cells of their own", () => {
    show({ rowData: (p) => ({ "data-person": p.id }) });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Name", "Role", "Age"]);
    const first = screen.getAllByTestId("person-row")[0]!;
    expect(first.dataset.person).toBe("p1");
    const cells = [...first.querySelectorAll("td")];
    expect(cells.map((c) => c.textContent)).toEqual(["Grace", "admin", "85"]);
    expect(cells[0]!.getAttribute("title")).toBe("Grace");
    expect(cells[1]!.hasAttribute("title")).toBe(false);
  });

  it("a row opens on click; its action acts without opening it", () => {
    const onRowClick = vi.fn();
    const onDelete = vi.fn();
    show({ onRowClick, actions: (p) => <RowAction label="Delete person" icon="×" tone="danger" testId="delete-person" onClick={() => onDelete(p.id)} /> });
    expect(screen.getAllByRole("columnheader").at(-1)!.textContent).toBe("Actions");
    const row = screen.getAllByTestId("person-row")[1]!;
    fireEvent.click(within(row).getByTestId("delete-person"));
    expect(onDelete).toHaveBeenCalledWith("p2");
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(within(row).getByText("ada"));
    expect(onRowClick).toHaveBeenCalledWith(people[1]);
  });

  it("a row's delete button sits after its own actions, shows the delete in flight, and hands over the row", () => {
    const onDelete = vi.fn();
    show({
      actions: () => <RowAction label="Edit person" icon="✎" onClick={() => undefined} />,
      rowDelete: { label: "Delete person", testId: "delete-person", pending: (p) => p.id === "p3", onDelete },
    });
    const rows = screen.getAllByTestId("person-row");
    expect([...rows[0]!.querySelectorAll("td:last-child button")].map((b) => b.getAttribute("aria-label"))).toEqual(["Edit person", "Delete person"]);
    expect((within(rows[2]!).getByTestId("delete-person") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(rows[0]!).getByTestId("delete-person"));
    expect(onDelete).toHaveBeenCalledWith(people[0]);
  });

  it("says it is loading, or that it is empty with the way to fill it, in place of the table", () => {
    show({ loading: true, loadingText: "Loading people..." });
    expect(screen.getByText("Loading people...")).toBeTruthy();
    expect(screen.queryByTestId("people-table")).toBeNull();
    cleanup();
    const invite = vi.fn();
    show({ rows: [], empty: { text: "No people found", action: { label: "Invite your first person", onClick: invite } } });
    const empty = screen.getByTestId("people-empty");
    expect(within(empty).getByText("No people found")).toBeTruthy();
    fireEvent.click(within(empty).getByRole("button", { name: "Invite your first person" }));
    expect(invite).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("people-table")).toBeNull();
  });

  it("a sortable column orders the rows ascending, then descending, then back as given; numbers by value, text ignoring case", () => {
    show();
    expect(header("Role").querySelector("button")).toBeNull();
    fireEvent.click(within(header("Name")).getByRole("button"));
    expect(names()).toEqual(["ada", "Alan", "Grace"]);
    expect(header("Name").getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(header("Name")).getByRole("button"));
    expect(names()).toEqual(["Grace", "Alan", "ada"]);
    expect(header("Name").getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(header("Name")).getByRole("button"));
    expect(names()).toEqual(["Grace", "ada", "Alan"]);
    expect(header("Name").hasAttribute("aria-sort")).toBe(false);
    fireEvent.click(within(header("Age")).getByRole("button"));
    expect(names()).toEqual(["ada", "Alan", "Grace"]);
  });

  it("with the order kept by the caller, a header click asks for the next order and leaves the rows as given", () => {
    const onSortChange = vi.fn();
    show({ sort: { key: "name", direction: "asc" }, onSortChange });
    expect(names()).toEqual(["Grace", "ada", "Alan"]);
    fireEvent.click(within(header("Name")).getByRole("button"));
    expect(onSortChange).toHaveBeenCalledWith({ key: "name", direction: "desc" });
  });

  it("selects rows one by one or all at once, and a checkbox never opens its row", async () => {
    const onRowClick = vi.fn();
    function Selecting() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <ChakraProvider value={system}>
          <p data-testid="selected">{[...selected].sort().join(",")}</p>
          <RecordsTable rows={people} rowKey={(p) => p.id} columns={columns} empty={{ text: "none" }} label="People" testIds={testIds} onRowClick={onRowClick} selection={{ selected, onChange: setSelected }} />
        </ChakraProvider>
      );
    }
    render(<Selecting />);
    const selected = () => screen.getByTestId("selected").textContent;
    const boxes = () => screen.getAllByTestId("select-row").map((b) => b.querySelector("input")!);
    const all = () => screen.getByTestId("select-all").querySelector("input")!;

    fireEvent.click(boxes()[1]!);
    await waitFor(() => expect(selected()).toBe("p2"));
    expect(onRowClick).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId("select-all").dataset.state).toBe("indeterminate"));
    fireEvent.click(all());
    await waitFor(() => expect(selected()).toBe("p1,p2,p3"));
    await waitFor(() => expect(boxes().every((b) => b.checked)).toBe(true));
    fireEvent.click(all());
    await waitFor(() => expect(selected()).toBe(""));
    expect(onRowClick).not.toHaveBeenCalled();
  });
});

describe("sorting, as pure functions", () => {
  it("a header click cycles asc → desc → none, and a new column starts ascending", () => {
    expect(nextSort(null, "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort({ key: "name", direction: "asc" }, "name")).toEqual({ key: "name", direction: "desc" });
    expect(nextSort({ key: "name", direction: "desc" }, "name")).toBeNull();
    expect(nextSort({ key: "name", direction: "desc" }, "age")).toEqual({ key: "age", direction: "asc" });
  });

  it("sorts a copy, compares numbers in text as numbers, and ignores an unknown column", () => {
    const rows = [{ n: "item 10" }, { n: "item 9" }, { n: "Item 1" }];
    const cols: RecordsColumn<{ n: string }>[] = [{ key: "n", header: "N", text: (r) => r.n, sortable: true }];
    expect(sortRows(rows, cols, { key: "n", direction: "asc" }).map((r) => r.n)).toEqual(["Item 1", "item 9", "item 10"]);
    expect(rows.map((r) => r.n)).toEqual(["item 10", "item 9", "Item 1"]);
    expect(sortRows(rows, cols, { key: "missing", direction: "asc" })).toBe(rows);
  });
});
