import { describe, expect, it } from "vitest";
import { buildPrompt } from "../../functions/agent/prompt";
import { Packages } from "../../functions/core/catalog/packages";
import type { AppMeta } from "../../schemas/app";

const base = { appName: "Shop", files: {}, customInstructions: "", frozenFiles: [], discussion: false, history: [], message: "Build a shop" };

describe("the prompt carries the app's integrations and secret names", () => {
  it("each chosen integration's name and instructions, and the secrets by name only", () => {
    const { system } = buildPrompt({
      ...base,
      integrations: [{ name: "Stripe Payments", prompt: "Use Stripe Checkout from a backend function." }],
      secretNames: ["STRIPE_SECRET_KEY"],
    });
    expect(system).toContain("# Integrations");
    expect(system).toContain("## Stripe Payments");
    expect(system).toContain("Use Stripe Checkout from a backend function.");
    expect(system).toMatch(/secrets.*STRIPE_SECRET_KEY/);
  });

  it("says nothing about integrations when the app has none", () => {
    expect(buildPrompt(base).system).not.toContain("# Integrations");
  });

  it("lists each installed package's endpoints as the app calls them, with their params", () => {
    const app = { installable_integrations: { Slack: { catalog_item_id: "slack-notifications", installed_date: "2026-11-24T00:00:00.000Z" } } } as unknown as AppMeta;
    const { system } = buildPrompt({ ...base, packages: Packages.promptOf(app) });
    expect(system).toContain("- base44.integrations.Slack.PostMessage({ text, blocks? }) → { ok: true }: Post a message to the channel of the app's Slack incoming webhook.");
  });
});
