// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { user } from "./billing-fixtures";
import { card, detail, queryClient, setUpBillingPage, show, toastText, world } from "./billing-page-stage";

/** The /billing page's plan cards and the header's way to it, through the real route against /api answered by msw (spec 03 §2.2, §4). */

setUpBillingPage();

describe("Billing view: plan cards (spec 03 §2.2, §4)", () => {
  it("a Free user: Free is Current without Manage Payments, every other card offers Subscribe, which starts checkout with the plan's price id", async () => {
    show();
    const free = await card("free");
    expect(within(free).getByTestId("current-badge").textContent).toBe("Current");
    expect(within(free).queryByTestId("manage-payments")).toBeNull();
    expect(within(free).getByTestId("plan-messages").textContent).toBe("25 messages a month, 7 a day");
    expect(within(free).getByTestId("plan-integration-credits").textContent).toBe("500 integration credits a month");

    const pro = await card("pro");
    expect(within(pro).getByTestId("plan-name").textContent).toBe("Pro");
    expect(within(pro).getByTestId("plan-price").textContent).toBe("$100");
    expect(pro.textContent).toContain("/month");
    expect(within(pro).getByTestId("plan-features").textContent).toBe("Backend functionsPriority support");
    for (const key of ["starter", "builder", "pro", "elite", "enterprise"]) expect(within(await card(key)).getByTestId("plan-action").textContent).toBe("Subscribe");
    expect(screen.getByTestId("plan-cards").querySelectorAll("[data-testid^=plan-card-]").length).toBe(6);

    fireEvent.click(within(pro).getByTestId("plan-action"));
    await waitFor(() => expect(world.calls).toContain("POST checkout price_pro"));
  });

  it("the Elite family is one card whose selector picks elite, elite_2 or elite_3", async () => {
    show();
    const elite = await card("elite");
    const select = within(elite).getByTestId("elite-select") as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["elite", "elite_2", "elite_3"]);
    expect(within(elite).getByTestId("plan-price").textContent).toBe("$200");
    fireEvent.change(select, { target: { value: "elite_3" } });
    expect(within(elite).getByTestId("plan-price").textContent).toBe("$750.50");
    expect(within(elite).getByTestId("plan-messages").textContent).toBe("5,000 messages a month");
    fireEvent.click(within(elite).getByTestId("plan-action"));
    await waitFor(() => expect(world.calls).toContain("POST checkout price_elite_3"));
  });

  it("a Pro user: Current with Manage Payments (the portal), higher cards Upgrade, lower ones and Free Downgrade", async () => {
    world.tier = "pro";
    show();
    const pro = await card("pro");
    expect(within(pro).getByTestId("current-badge")).toBeTruthy();
    expect(within(await card("elite")).getByTestId("plan-action").textContent).toBe("Upgrade");
    expect(within(await card("enterprise")).getByTestId("plan-action").textContent).toBe("Upgrade");
    expect(within(await card("builder")).getByTestId("plan-action").textContent).toBe("Downgrade");
    expect(within(await card("starter")).getByTestId("plan-action").textContent).toBe("Downgrade");
    expect(within(await card("free")).getByTestId("plan-action").textContent).toBe("Downgrade");
    fireEvent.click(within(pro).getByTestId("manage-payments"));
    await waitFor(() => expect(world.calls).toContain("POST portal"));
  });

  it("an elite_2 user sees the Elite card set to elite_2 and Current; elite_3 on it is an upgrade, elite a downgrade", async () => {
    world.tier = "elite_2";
    show();
    const elite = await card("elite");
    expect((within(elite).getByTestId("elite-select") as HTMLSelectElement).value).toBe("elite_2");
    expect(within(elite).getByTestId("current-badge")).toBeTruthy();
    fireEvent.change(within(elite).getByTestId("elite-select"), { target: { value: "elite_3" } });
    expect(within(elite).getByTestId("plan-action").textContent).toBe("Upgrade");
    fireEvent.change(within(elite).getByTestId("elite-select"), { target: { value: "elite" } });
    expect(within(elite).getByTestId("plan-action").textContent).toBe("Downgrade");
  });

  it("an upgrade asks first ('applied immediately with a prorated charge'), then says 'Subscription Updated' … 'upgraded successfully'", async () => {
    world.tier = "pro";
    show();
    fireEvent.click(within(await card("elite")).getByTestId("plan-action"));
    const dialog = await screen.findByTestId("plan-change-dialog");
    expect(dialog.textContent).toContain("Upgrade to Elite?");
    expect(dialog.textContent).toContain("applied immediately with a prorated charge");
    expect(world.calls.some((c) => c.startsWith("POST update"))).toBe(false);
    fireEvent.click(within(dialog).getByTestId("plan-change-confirm"));
    const text = await toastText("Subscription Updated");
    expect(text).toContain("upgraded successfully");
    expect(world.calls).toContain("POST update price_elite");
  });

  it("a downgrade asks first ('effective at the end of the billing cycle'), then says it is 'scheduled to downgrade at the end of your billing cycle'", async () => {
    world.tier = "pro";
    show();
    fireEvent.click(within(await card("starter")).getByTestId("plan-action"));
    const dialog = await screen.findByTestId("plan-change-dialog");
    expect(dialog.textContent).toContain("Downgrade to Starter?");
    expect(dialog.textContent).toContain("effective at the end of the billing cycle");
    fireEvent.click(within(dialog).getByTestId("plan-change-confirm"));
    const text = await toastText("Subscription Updated");
    expect(text).toContain("scheduled to downgrade at the end of your billing cycle");
  });

  it("a downgrade to Free from the Free card asks first (the subscription ends, effective at the end of the billing cycle), then asks the server", async () => {
    world.tier = "pro";
    show();
    fireEvent.click(within(await card("free")).getByTestId("plan-action"));
    const dialog = await screen.findByTestId("plan-change-dialog");
    expect(dialog.textContent).toContain("Downgrade to Free?");
    expect(dialog.textContent).toContain("You keep Pro until the end of the billing cycle; then your subscription ends, and the downgrade to Free is effective at the end of the billing cycle.");
    expect(world.calls.some((c) => c.startsWith("POST update"))).toBe(false);
    fireEvent.click(within(dialog).getByTestId("plan-change-confirm"));
    expect(await toastText("Subscription Updated")).toContain("scheduled to downgrade at the end of your billing cycle");
    expect(world.calls).toContain("POST update price_free");
  });

  it("a refused update shows the server's detail, else 'Failed to update subscription. Please try again later.'", async () => {
    world.tier = "pro";
    world.fail["POST update price_elite"] = detail(400, "Your card was declined");
    world.fail["POST update price_starter"] = () => new HttpResponse("gateway down", { status: 502 });
    show();
    fireEvent.click(within(await card("elite")).getByTestId("plan-action"));
    fireEvent.click(within(await screen.findByTestId("plan-change-dialog")).getByTestId("plan-change-confirm"));
    await toastText("Your card was declined");
    await waitFor(() => expect(screen.queryByTestId("plan-change-dialog")).toBeNull());
    fireEvent.click(within(await card("starter")).getByTestId("plan-action"));
    fireEvent.click(within(await screen.findByTestId("plan-change-dialog")).getByTestId("plan-change-confirm"));
    await toastText("Failed to update subscription. Please try again later.");
  });

  it("failed checkout and portal calls say so in the spec's words", async () => {
    world.fail["POST checkout price_pro"] = detail(500, "boom");
    show();
    fireEvent.click(within(await card("pro")).getByTestId("plan-action"));
    await toastText("Failed to create checkout session. Please try again later.");
    cleanup();
    world.tier = "pro";
    world.fail["POST portal"] = detail(500, "boom");
    show();
    fireEvent.click(within(await card("pro")).getByTestId("manage-payments"));
    await toastText("Failed to open subscription management. Please try again later.");
  });

  it("a pending schedule shows the scheduled tier with 'Cancel Change'; cancelling says so; plan changes wait for it", async () => {
    world.tier = "pro";
    world.schedule = "starter";
    show();
    const notice = await screen.findByTestId("pending-change-notice");
    expect(notice.textContent).toContain("Your plan changes to Starter at the end of your billing cycle.");
    expect(within(await card("elite")).getByTestId("plan-blocked").textContent).toBe("Cancel the pending change first.");
    fireEvent.click(within(notice).getByTestId("cancel-change"));
    await toastText("Subscription schedule cancelled successfully");
    expect(world.calls).toContain("DELETE schedule");
  });

  it("a failed cancel says 'Failed to cancel subscription schedule. Please try again later.'", async () => {
    world.tier = "pro";
    world.schedule = "starter";
    world.fail["DELETE schedule"] = detail(500, "boom");
    show();
    fireEvent.click(within(await screen.findByTestId("pending-change-notice")).getByTestId("cancel-change"));
    await toastText("Failed to cancel subscription schedule. Please try again later.");
  });

  it("a subscription set to end (Cancel plan in Manage Payments) shows the change to Free with 'Cancel Change'; plan changes wait for it", async () => {
    world.tier = "pro";
    world.ending = true;
    show();
    const notice = await screen.findByTestId("pending-change-notice");
    expect(notice.textContent).toContain("Your plan changes to Free at the end of your billing cycle.");
    expect(notice.textContent).toContain("Your subscription ends then and is not renewed.");
    expect(within(await card("elite")).getByTestId("plan-blocked").textContent).toBe("Cancel the pending change first.");
    fireEvent.click(within(notice).getByTestId("cancel-change"));
    await toastText("Subscription schedule cancelled successfully");
    expect(world.calls).toContain("DELETE schedule");
  });

  it("follows the account: when the user's room pushes a change from Stripe's webhook, the notice appears without a reload", async () => {
    world.tier = "pro";
    show();
    await card("pro");
    expect(screen.queryByTestId("pending-change-notice")).toBeNull();
    world.ending = true; // Cancel plan in the portal, in another tab
    act(() => queryClient.setQueryData(["me"], { ...user("pro"), subscription_schedule_tier: "free" }));
    expect((await screen.findByTestId("pending-change-notice", {}, { timeout: 3000 })).textContent).toContain("Your plan changes to Free");
  });

  it("no schedule, no notice", async () => {
    world.tier = "pro";
    show();
    await card("pro");
    expect(screen.queryByTestId("pending-change-notice")).toBeNull();
  });
});

describe("Header", () => {
  it("lists Billing in the avatar menu and the mobile drawer once /billing exists", async () => {
    show();
    await card("free");
    fireEvent.click(screen.getByTestId("avatar-menu"));
    expect((await screen.findByRole("menuitem", { name: "Billing" })).textContent).toBe("Billing");
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("navigation", { name: "Mobile" });
    expect(within(drawer).getByText("Billing").getAttribute("href")).toBe("/billing");
  });
});
