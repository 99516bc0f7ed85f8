// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { planOffline } from "../../functions/agent/offline";
import { fieldsOf, moneyField, parseEntity } from "../../functions/agent/offline/entities";
import { actionsOf } from "../../lib/agent/parser";
import { currencyOf, formatMoney } from "../../schemas/money";
import { RuntimeApp } from "../../web/runtime/App";
import { AppRuntime } from "../../web/runtime/app-runtime";
import { Bridge } from "../../web/runtime/bridge";
import { loadProvider } from "../../web/runtime/builtins";
import { AppModules } from "../../web/runtime/modules";
import { createAppClient } from "../../web/runtime/sdk";

/**
 * Money in apps the offline engine builds (issue 8): which fields are money and how they read
 * are schemas/money.ts's one rule, the same as the workspace's. The generated pages run in the
 * real runtime (its modules, `@/utils`, router and the real @base44/sdk); only the app API
 * answers from msw.
 */

const shop = Object.fromEntries(
  actionsOf(planOffline({ message: "Inventory and orders for my shop", files: {}, appName: "" })).flatMap((a) => (a.type === "write" ? [[a.path, a.content]] : [])),
);
const lamp = { id: "p1", name: "Desk lamp", sku: "DL-1", price: 1250, quantity: 3, status: "in_stock", created_date: "2026-01-02T03:04:05.000Z" };

const server = setupServer(
  http.get("*/api/apps/app1/entities/Product", () => HttpResponse.json([lamp])),
  http.get("*/api/apps/app1/entities/Order", () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(cleanup);
afterAll(() => server.close());

async function open(path: string) {
  window.history.replaceState(null, "", path);
  const base44 = createAppClient("app1", "preview", "token");
  const modules = new AppModules(await loadProvider(base44, (entity) => JSON.parse(shop[`entities/${entity}`])));
  modules.update(shop);
  render(<RuntimeApp runtime={new AppRuntime(modules, new Bridge(false), "Dashboard")} session={{ appId: "app1", visibility: "public_without_login", signedIn: true, remixUrl: null, logVisit: () => undefined }} />);
}

describe("offline engine: money shows its currency", () => {
  it("a product's price and an order's total are money by the workspace's rule; a quantity is not", () => {
    const product = fieldsOf(parseEntity("entities/Product", shop["entities/Product"])!, ["Product", "Order"]);
    const byName = Object.fromEntries(product.map((f) => [f.name, f]));
    expect(byName.price.currency).toBe(currencyOf("price", byName.price.prop));
    expect(byName.price.currency).toBe("USD");
    expect(byName.quantity.currency).toBeNull();
    expect(moneyField(product)?.name).toBe("price");
    expect(shop["pages/Products"]).toContain('<FieldValue kind="number" currency="USD" value={product.price} />');
    expect(shop["pages/ProductDetail"]).toContain('<FieldValue kind="number" currency="USD" value={product.price} />');
    expect(shop["pages/Orders"]).toContain('<FieldValue kind="number" currency="USD" value={order.total} />');
  });

  it("the products list shows a price with its currency symbol, and a quantity as a plain number", async () => {
    await open("/Products");
    const cell = await screen.findByText(formatMoney(1250, "USD"));
    expect(cell.textContent).toBe("$1,250.00");
    expect(cell.closest("tr")!.textContent).toContain("Desk lamp");
    expect([...cell.closest("tr")!.querySelectorAll("td")].map((td) => td.textContent)).toContain("3");
  });

  it("the dashboard totals money in its currency", async () => {
    await open("/Dashboard");
    const total = await screen.findByText("Total price of products");
    expect(total.parentElement!.textContent).toBe("Total price of products$1,250.00");
  });
});
