import { describe, expect, it } from "vitest";
import { handlers } from "../../functions/cron/schedule";
import { CreditPeriods } from "../../functions/core/billing/credit-periods";
import { Credits } from "../../functions/core/billing/credits";
import { Grants } from "../../functions/core/billing/grants";
import { Users } from "../../functions/core/identity/users";
import { builtApp, call, signedIn, useStackLinks, waitForApp } from "./helpers";

// Kiln's own credit code, run in this process against the stack's DynamoDB Local and Stripe stand-in.
useStackLinks();

const usage = async (token: string) => (await call("GET", "/api/usage-logs/current-usage", { token })).body;

describe("spending credits (spec 03 §9): the plan's first, then extra credits", () => {
  it("past the Free plan's 7 a day a grant pays, soonest expiry first, then 'Out of credits'", async () => {
    const { token, user: who } = await signedIn("spend");
    const user = (await Users.get(who.id))!;
    for (let i = 0; i < 7; i++) expect(await Credits.charge(user, 1)).toMatchObject({ grant_id: null });
    const later = await Grants.add(user.id, { num_messages: 1, reason: "later", expires_date: "2099-01-01T00:00:00.000Z" });
    const sooner = await Grants.add(user.id, { num_messages: 1, reason: "sooner", expires_date: "2098-01-01T00:00:00.000Z" });
    expect(await usage(token)).toMatchObject({ daily_usage: 7, extra_credits: 2, is_over_limit: false });

    const first = await Credits.charge(user, 1);
    expect(first?.grant_id).toBe(sooner.id);
    expect((await Credits.charge(user, 1))?.grant_id).toBe(later.id);
    await expect(Credits.charge(user, 1)).rejects.toThrow("Out of credits");
    expect(await usage(token)).toMatchObject({ daily_usage: 9, extra_credits: 0, is_over_limit: true });

    // a refund goes back where the charge came from
    await Credits.refund(user.id, first);
    expect(await usage(token)).toMatchObject({ daily_usage: 8, extra_credits: 1, is_over_limit: false });
  });

  it("two tabs spending the last extra credit at once: exactly one gets it", async () => {
    const { user: who } = await signedIn("spend-race");
    const user = (await Users.get(who.id))!;
    for (let i = 0; i < 7; i++) await Credits.charge(user, 1);
    await Grants.add(user.id, { num_messages: 1, reason: "one", expires_date: null });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => Credits.charge(user, 1)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await Grants.balance(user.id)).toBe(0);
  });
});

describe("credit periods roll in a scheduled job (lib/routes.ts crons.rollCreditPeriods)", () => {
  it("starts the next period of a user whose period ended, and the new period's usage starts at 0", async () => {
    const { user: who } = await signedIn("period");
    const user = (await Users.get(who.id))!;
    await Credits.charge(user, 1);
    const before = await CreditPeriods.current(user.id);
    const after = new Date(Date.parse(before.next) + 60_000);
    expect((await Credits.current(user)).monthly_usage).toBe(1);

    expect(await CreditPeriods.rollEnded(after)).toBeGreaterThanOrEqual(1);
    const rolled = await CreditPeriods.current(user.id, after);
    expect(rolled).toMatchObject({ start: before.next, source: "monthly" });
    const later = await Credits.current(user, after);
    expect(later).toMatchObject({ monthly_usage: 0, current_credit_period_start_date: before.next });
    // the job itself, as the scheduler calls it, finds nothing left over for now
    expect(await handlers.rollCreditPeriods()).toEqual({ rolled: expect.any(Number) });
  });
});

describe("a turn that changes nothing costs nothing (issue 9, beyond the peers)", () => {
  it("the offline engine cannot do the request: the credit goes back in the same write and the receipt says so", async () => {
    const { token } = await signedIn("refund");
    const app = await builtApp(token);
    const spent = (await usage(token)).daily_usage;
    const sent = await call("POST", `/api/apps/${app.id}/chat/message`, { token, body: { content: "integrate with the warehouse robots over bluetooth" } });
    expect(sent.status).toBe(201);
    const done = await waitForApp(token, app.id);
    const answer = done.conversation.messages.at(-1);
    expect(answer.content).toContain("offline engine");
    expect(answer.receipt.charge).toEqual({ credits: 1, refunded: true });
    expect(answer.receipt.files).toEqual({ added: [], modified: [], deleted: [] });
    expect((await usage(token)).daily_usage).toBe(spent);

    // a turn that changed the app keeps its charge, and says what it cost
    await call("POST", `/api/apps/${app.id}/chat/message`, { token, body: { content: "add a priority field to tasks" } });
    const changed = (await waitForApp(token, app.id)).conversation.messages.at(-1);
    expect(changed.receipt.charge).toEqual({ credits: 1, refunded: false });
    expect((await usage(token)).daily_usage).toBe(spent + 1);
  });
});
