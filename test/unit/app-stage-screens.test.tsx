// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "../../schemas/app";
import { AppStageScreen, isPendingStage } from "../../web/src/components/workspace/AppStageScreens";
import { system } from "../../web/src/theme";

/** Spec 02 Layout: a pending app shows "Creating Your App" while processing, "Let's Build Your App" when idle. */

afterEach(cleanup);

const pendingApp = (state: "processing" | "ready" | "error", details: string | null) =>
  ({ app_stage: "pending", status: { state, details, last_updated_date: "2026-11-23T00:00:00.000Z" } }) as App;

const show = (app: App) => render(<ChakraProvider value={system}><AppStageScreen app={app} /></ChakraProvider>);

describe("AppStageScreen", () => {
  it("shows 'Creating Your App' with the status details while the first version is built", () => {
    show(pendingApp("processing", "Writing pages/Dashboard"));
    expect(screen.getByText("Creating Your App")).toBeTruthy();
    expect(screen.getByTestId("creating-app-details").textContent).toBe("Writing pages/Dashboard");
  });

  it("shows 'Let's Build Your App' when pending and idle", () => {
    show(pendingApp("ready", null));
    expect(screen.getByText("Let's Build Your App")).toBeTruthy();
    expect(screen.queryByText("Creating Your App")).toBeNull();
  });

  it("only a pending app waits on these screens", () => {
    expect(isPendingStage(pendingApp("processing", null))).toBe(true);
    expect(isPendingStage({ ...pendingApp("ready", null), app_stage: null } as App)).toBe(false);
  });
});
