// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import { currencyOf, formatMoney } from "../../schemas/money";
import { Toaster } from "../../web/src/components/ui/toaster";
import { EntityDataView } from "../../web/src/components/workspace/data/EntityDataView";
import { cellText, recordLabel } from "../../web/src/components/workspace/data/records";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The entity data table (spec 02 §2) against a stubbed API: a row's delete asks first, money shows its currency (issue 8). */

beforeAll(polyfillJsdom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const properties = { name: { type: "string" }, value: { type: "number" }, probability: { type: "number" }, fee: { type: "number", format: "currency", currency: "eur" } };
const app = { id: "app1", entities: { Deal: { name: "Deal", type: "object", properties, required: ["name"] } } } as unknown as App;
const deal = { id: "d1", created_date: "2026-01-02T03:04:05.000Z", updated_date: "2026-01-02T03:04:05.000Z", created_by: null, created_by_id: null, is_sample: false, name: "Acme renewal", value: 1250, probability: 40, fee: 99.5 };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function show() {
  const deletes: string[] = [];
  let rows = [deal];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "DELETE") {
        deletes.push(url);
        rows = [];
        return json(200, { success: true });
      }
      return json(200, { items: rows, next_cursor: null, has_more: false });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <EntityDataView app={app} entity="Deal" />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return deletes;
}

describe("EntityDataView", () => {
  it("a row's delete asks first: Cancel deletes nothing, Delete removes the record", async () => {
    const deletes = show();
    await screen.findByText("Acme renewal");
    fireEvent.click(screen.getByTestId("delete-record"));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Delete this Deal?");
    expect(dialog.textContent).toContain('"Acme renewal" will be deleted. This cannot be undone.');
    fireEvent.click(screen.getByTestId("confirm-cancel"));
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
    expect(deletes).toEqual([]);
    expect(screen.getByText("Acme renewal")).toBeTruthy();

    fireEvent.click(screen.getByTestId("delete-record"));
    fireEvent.click(await screen.findByTestId("confirm-action"));
    await screen.findByText("Record deleted");
    expect(deletes).toEqual([expect.stringContaining("/api/apps/app1/entities/Deal/d1")]);
    await screen.findByText("No records found");
  });

  it("shows money with its currency in the table, and plain numbers as they are", async () => {
    show();
    const row = await screen.findByTestId("record-row");
    const cells = [...row.querySelectorAll("td")].map((td) => td.textContent);
    expect(cells.slice(0, 4)).toEqual(["Acme renewal", "$1,250.00", "40", "€99.50"]);
  });

  it("the edit sheet names a money field's currency beside its amount", async () => {
    show();
    fireEvent.click(await screen.findByText("Acme renewal"));
    expect((await screen.findByTestId("currency-value")).textContent).toBe("USD");
    expect(screen.getByTestId("currency-fee").textContent).toBe("EUR");
    expect(screen.queryByTestId("currency-probability")).toBeNull();
  });
});

describe("money fields", () => {
  it("are numbers named as money or marked with a currency format; the property's currency or US dollars", () => {
    expect(currencyOf("value", { type: "number" })).toBe("USD");
    expect(currencyOf("unit_price", { type: "integer" })).toBe("USD");
    expect(currencyOf("Budget", { type: "number" })).toBe("USD");
    expect(currencyOf("fee", { type: "number", format: "money", currency: "gbp" })).toBe("GBP");
    expect(currencyOf("fee", { type: "number", format: "currency", currency: "not a code" })).toBe("USD");
    expect(currencyOf("quantity", { type: "number" })).toBeNull();
    expect(currencyOf("price", { type: "string" })).toBeNull();
    expect(currencyOf("price", undefined)).toBeNull();
    expect(formatMoney(-3.5, "USD", "en-US")).toBe("-$3.50");
  });

  it("a cell shows money formatted, and anything that is not a finite number as before", () => {
    expect(cellText(1250, { type: "number" }, "amount")).toBe(formatMoney(1250, "USD"));
    expect(cellText(1250, { type: "number" }, "quantity")).toBe("1250");
    expect(cellText("n/a", { type: "number" }, "amount")).toBe("n/a");
    expect(cellText(null, { type: "number" }, "amount")).toBe("");
  });

  it("a confirmation names a record by its first column, else by its id", () => {
    expect(recordLabel({ id: "r1", name: "Acme" }, "name", { name: { type: "string" } })).toBe('"Acme"');
    expect(recordLabel({ id: "r1", name: "" }, "name", { name: { type: "string" } })).toBe("The record r1");
    expect(recordLabel({ id: "r1", created_date: "2026-01-01T00:00:00Z" }, "created_date", {})).toBe("The record r1");
  });
});
