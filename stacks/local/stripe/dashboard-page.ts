import { escape, layout } from "./pages.ts";

/** The local dashboard's HTML (stacks/local/stripe/dashboard.ts serves it): every stored value goes through `escape`. */

export const DASHBOARD_LABEL = "Local Stripe dashboard — Stripe stand-in, development only. Products, prices and payments here are test data.";

/** The billing choices of the add-product form: one-time, or a recurring interval. */
export const BILLING = [
  { value: "one_time", label: "One-time" },
  { value: "day", label: "Daily" },
  { value: "week", label: "Weekly" },
  { value: "month", label: "Monthly" },
  { value: "year", label: "Yearly" },
] as const;

export const CURRENCIES = ["usd", "eur", "gbp", "cad", "aud", "chf", "sek", "nok", "dkk", "jpy", "inr", "brl", "mxn"] as const;

export interface DashboardView {
  session: string;
  account: string;
  merchant: string;
  email: string | null;
  notice: string | null;
  error: string | null;
  /** what the add-product form showed when it was refused, so nothing typed is lost */
  form: Record<string, string>;
  products: Array<{ id: string; name: string; description: string | null; active: boolean; test: boolean; prices: Array<{ id: string; label: string }> }>;
  payments: Array<{ id: string; date: string; email: string; items: string; amount: string }>;
}

export function dashboardPage(view: DashboardView): string {
  const active = view.products.filter((p) => p.active);
  const archived = view.products.filter((p) => !p.active);
  return layout(
    "Dashboard",
    DASHBOARD_LABEL,
    `<h1>${escape(view.merchant)}</h1>
<p class="muted">Account <span data-testid="standin-dashboard-account">${escape(view.account)}</span>${view.email ? ` · ${escape(view.email)}` : ""}</p>
${view.notice ? `<div class="notice" role="status" data-testid="standin-notice">${escape(view.notice)}</div>` : ""}
${view.error ? `<div class="declined" role="alert" data-testid="standin-error">${escape(view.error)}</div>` : ""}
<h2>Products</h2>
${active.length ? active.map((p) => productCard(view.session, p)).join("") : `<p class="muted" data-testid="standin-no-products">No products yet.</p>`}
${addProductForm(view.session, view.form)}
${archived.length ? `<h2>Archived products</h2>${archived.map((p) => productCard(view.session, p)).join("")}` : ""}
<h2>Payments</h2>
${paymentsTable(view.payments)}`,
    { wide: true, head: '<meta name="referrer" content="same-origin">' },
  );
}

function productCard(session: string, p: DashboardView["products"][number]): string {
  const prices = p.prices.length
    ? p.prices.map((price) => `<div><span data-testid="standin-price">${escape(price.label)}</span> <code>${escape(price.id)}</code></div>`).join("")
    : `<div class="muted">No prices</div>`;
  const archive = p.active
    ? `<form method="post" action="/dashboard/${escape(session)}/products/${escape(p.id)}/archive">
<button class="secondary" type="submit" data-testid="standin-archive">Archive</button></form>`
    : "";
  return `<div class="plan${p.active ? "" : " archived"}" data-testid="standin-product" data-product-id="${escape(p.id)}">
<div><strong data-testid="standin-product-name">${escape(p.name)}</strong>${p.test ? `<span class="badge" data-testid="standin-test-product">Test product</span>` : ""} <code>${escape(p.id)}</code></div>
${p.description ? `<div class="muted" data-testid="standin-product-description">${escape(p.description)}</div>` : ""}
${prices}${archive}</div>`;
}

function addProductForm(session: string, form: Record<string, string>): string {
  const value = (name: string) => escape(form[name] ?? "");
  const option = (v: string, label: string, chosen: string) => `<option value="${escape(v)}"${v === chosen ? " selected" : ""}>${escape(label)}</option>`;
  return `<form method="post" action="/dashboard/${escape(session)}/products" class="plan" data-testid="standin-add-product">
<strong>Add a product</strong>
<label for="name">Name</label><input id="name" name="name" required maxlength="250" value="${value("name")}" data-testid="standin-product-name-input">
<label for="description">Description (optional)</label><textarea id="description" name="description" maxlength="1000" rows="2" data-testid="standin-product-description-input">${value("description")}</textarea>
<label for="amount">Price</label><input id="amount" name="amount" required inputmode="decimal" placeholder="24.50" value="${value("amount")}" data-testid="standin-amount-input">
<label for="currency">Currency</label><select id="currency" name="currency" data-testid="standin-currency-input">${CURRENCIES.map((c) => option(c, c.toUpperCase(), form.currency ?? "usd")).join("")}</select>
<label for="billing">Billing</label><select id="billing" name="billing" data-testid="standin-billing-input">${BILLING.map((b) => option(b.value, b.label, form.billing ?? "one_time")).join("")}</select>
<button class="primary" type="submit" data-testid="standin-create-product">Add product</button></form>`;
}

function paymentsTable(payments: DashboardView["payments"]): string {
  if (!payments.length) return `<p class="muted" data-testid="standin-no-payments">No payments yet.</p>`;
  const rows = payments
    .map(
      (p) =>
        `<tr data-testid="standin-payment"><td>${escape(p.date)}</td><td data-testid="standin-payment-email">${escape(p.email)}</td><td data-testid="standin-payment-items">${escape(p.items)}</td><td class="amount" data-testid="standin-payment-amount">${escape(p.amount)}</td></tr>`,
    )
    .join("");
  return `<table>${rows}</table>`;
}
