// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoginInfo } from "../../schemas/app-auth";
import { RunnerAuth } from "../../web/runtime/auth";

/**
 * The runner's sign-in screen offers Google only where the server says apps have it (`google_enabled`,
 * false on a team's box), with the app API answered at fetch as in runner-auth.test.tsx.
 */

const APP = "app123";
const info: LoginInfo = { id: APP, name: "Book Club", logo_url: null, public_settings: "public_with_login", enable_username_password: true, google_enabled: false };
let answer: LoginInfo;

beforeEach(() => {
  answer = info;
  vi.stubGlobal("fetch", async (url: string) =>
    url === `/api/apps/public/login-info/by-id/${APP}`
      ? new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } })
      : new Response(JSON.stringify({ detail: "Not found" }), { status: 404, headers: { "content-type": "application/json" } }),
  );
  window.history.replaceState(null, "", "/login");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("sign-in screen without Google", () => {
  it("offers e-mail and password alone, with no Google button and no 'or'", async () => {
    render(<RunnerAuth appId={APP} mode="login" navigate={() => {}} />);
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.queryByText("Continue with Google")).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
  });

  it("says so when the app has neither way to sign in here", async () => {
    answer = { ...info, enable_username_password: false };
    render(<RunnerAuth appId={APP} mode="login" navigate={() => {}} />);
    expect(await screen.findByText("This app offers no way to sign in here yet. Ask its owner to turn on e-mail and password sign-in.")).toBeTruthy();
    expect(screen.queryByText("Continue with Google")).toBeNull();
    expect(screen.queryByLabelText("Password")).toBeNull();
  });
});
