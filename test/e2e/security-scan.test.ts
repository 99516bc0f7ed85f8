import { describe, expect, it } from "vitest";
import { apiCall, ownerWithBuiltApp, toastSaying, useBrowser } from "./browser";

/**
 * The security scan in a real browser (issue 24 §3): the Security view runs it and shows its findings, a
 * publish is refused naming the critical ones until each is acknowledged, Fix All clears the rule findings,
 * and the panel shows the scan going out of date after a change.
 */
const browser = useBrowser();

const LIVE_KEY = ["sk", "live", "4eC39HqLyjWDarjtT1zdp7dcZx9Q0aBc"].join("_");
const checkout = (words: string) => `import React from "react";\n\nconst STRIPE_SECRET = "${LIVE_KEY}";\n\nexport default function Checkout() {\n  return <div className="p-6">${words}</div>;\n}\n`;

describe("the Security view's scan and the publish gate", () => {
  it("a planted live key blocks publishing by name; Fix All clears the rule findings; a change puts the scan out of date", async () => {
    const { email, token, appId } = await ownerWithBuiltApp("scan", "builder", "A CRM to track customers, deals and follow-up tasks");
    expect((await apiCall("PUT", `/api/apps/${appId}`, { token, body: { public_settings: "public_without_login" } })).status).toBe(200);
    expect((await apiCall("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: "pages/Checkout", content: checkout("Pay") } })).status).toBe(200);

    const page = await browser.signedIn(email, `/apps/${appId}/editor/workspace/security`);
    const panel = page.getByTestId("security-scan");
    await panel.and(page.locator('[data-status="pending"]')).waitFor();
    await panel.getByTestId("security-run-scan").click();
    await panel.and(page.locator('[data-status="up_to_date"]')).waitFor();

    const secret = panel.locator('[data-testid="security-finding"][data-finding-id^="secret-stripe-live-"]');
    await secret.waitFor();
    expect(await secret.getAttribute("data-severity")).toBe("critical");
    const secretText = await secret.innerText();
    expect(secretText).toContain("pages/Checkout, line 3");
    expect(secretText).not.toContain(LIVE_KEY);
    const secretId = (await secret.getAttribute("data-finding-id"))!;
    const customer = panel.locator('[data-finding-id="rls-Customer-personal-data-no-rules"]');
    expect(await customer.getAttribute("data-severity")).toBe("critical");

    // publishing is refused, naming the finding, with a checkbox for each critical one
    await page.getByTestId("publish-app").click();
    const dialog = page.getByTestId("publish-dialog");
    await dialog.getByTestId("publish-confirm").click();
    const error = dialog.getByTestId("publish-error");
    await error.waitFor();
    expect(await error.innerText()).toMatch(/rls-Customer-personal-data-no-rules|secret-stripe-live-/);
    const boxes = dialog.getByTestId("publish-acknowledge");
    await expect.poll(async () => (await boxes.evaluateAll((els) => els.map((e) => e.getAttribute("data-finding-id")))).sort()).toEqual(["rls-Customer-personal-data-no-rules", secretId]);
    await page.keyboard.press("Escape");

    // Fix All writes the rules; the rescan it answers has no rule findings, and the key is left for the assistant
    await panel.getByTestId("security-fix-all").click();
    await toastSaying(page, "Access rules applied to Customer, Deal, Task");
    await panel.getByTestId("security-group-rls_recommendations").getByText("Nothing found.").waitFor();
    expect(await panel.locator('[data-finding-id^="rls-"]').count()).toBe(0);
    expect(await panel.getByTestId("security-fix-prompt").innerText()).toContain("pages/Checkout, line 3");
    await panel.and(page.locator('[data-status="up_to_date"]')).waitFor();

    // any change (here another tab's save) puts the scan out of date
    expect((await apiCall("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: "pages/Checkout", content: checkout("Pay now") } })).status).toBe(200);
    await panel.and(page.locator('[data-status="out_of_date"]')).waitFor();

    // the publish scans the changed app again: only the key blocks it now; acknowledged by name, it publishes
    await page.getByTestId("publish-app").click();
    await dialog.getByTestId("publish-confirm").click();
    await dialog.getByTestId("publish-error").waitFor();
    expect(await dialog.getByTestId("publish-error").innerText()).toContain(secretId);
    await expect.poll(async () => boxes.evaluateAll((els) => els.map((e) => e.getAttribute("data-finding-id")))).toEqual([secretId]);
    await boxes.first().click();
    const popup = browser.context().waitForEvent("page", { timeout: 20_000 });
    await dialog.getByTestId("publish-confirm").click();
    await (await popup).close();
    await dialog.getByTestId("publish-done").waitFor();
  });
});
