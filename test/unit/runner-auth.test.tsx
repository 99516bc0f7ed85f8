// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoginInfo } from "../../schemas/app-auth";
import { RunnerAuth } from "../../web/runtime/auth";

/**
 * The runner's sign-in screens (spec 03 §2.13, §4, §5, §8) with the app API stubbed at
 * fetch: every call the screens make is recorded and answered here.
 */

const APP = "app123";
const info: LoginInfo = { id: APP, name: "Book Club", logo_url: null, public_settings: "public_with_login", enable_username_password: true, google_enabled: true };

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
let calls: { url: string; body: unknown }[];

beforeEach(() => {
  replies = { [`GET /api/apps/public/login-info/by-id/${APP}`]: { status: 200, body: info } };
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const reply = replies[`${method} ${url}`] ?? { status: 404, body: { detail: "Not found" } };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
  });
  localStorage.clear();
  window.history.replaceState(null, "", "/login");
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Fake only setTimeout (the screens' redirect delays); fetch and its body still run on real time. */
const fakeDelays = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

/** Let pending calls settle while the delays are fake (findBy* would wait on the faked setTimeout). */
async function settleUntil(text: string) {
  for (let i = 0; i < 50 && !screen.queryByText(text); i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  return screen.getByText(text);
}

const posted = (path: string) => calls.filter((c) => c.url === `/api/apps/${APP}/auth/${path}`);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("sign-in screen", () => {
  it("shows a spinner, then the app's first letter, 'Welcome to' its name and 'Sign in to continue'", async () => {
    render(<RunnerAuth appId={APP} mode="login" navigate={() => {}} />);
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(await screen.findByText("Welcome to Book Club")).toBeTruthy();
    expect(screen.getByText("Sign in to continue")).toBeTruthy();
    expect(screen.getByText("B")).toBeTruthy();
    expect(screen.getByText("Continue with Google")).toBeTruthy();
    expect(screen.getByText("or")).toBeTruthy();
  });

  it("says 'An error occurred while loading the app' when the app info fails", async () => {
    replies[`GET /api/apps/public/login-info/by-id/${APP}`] = { status: 500, body: {} };
    render(<RunnerAuth appId={APP} mode="login" navigate={() => {}} />);
    expect(await screen.findByText("An error occurred while loading the app")).toBeTruthy();
  });

  it("offers only Google when e-mail/password sign-in is off", async () => {
    replies[`GET /api/apps/public/login-info/by-id/${APP}`] = { status: 200, body: { ...info, enable_username_password: false } };
    render(<RunnerAuth appId={APP} mode="register" navigate={() => {}} />);
    expect(await screen.findByText("Continue with Google")).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
  });

  it("Google goes to the platform's app sign-in with app_id and from_url", async () => {
    const navigate = vi.fn();
    render(<RunnerAuth appId={APP} mode="login" fromUrl="/Meetings" navigate={navigate} />);
    fireEvent.click(await screen.findByText("Continue with Google"));
    const url = new URL(navigate.mock.calls[0][0], window.location.origin);
    expect(url.pathname).toBe("/api/apps/auth/login");
    expect(url.searchParams.get("app_id")).toBe(APP);
    expect(url.searchParams.get("from_url")).toBe(`${window.location.origin}/Meetings`);
  });

  it("signs in, stores the token where @base44/sdk reads it, and goes to from_url with ?access_token= (a preview frame keeps no storage)", async () => {
    replies[`POST /api/apps/${APP}/auth/login`] = { status: 200, body: { access_token: "tok", user: {} } };
    const navigate = vi.fn();
    render(<RunnerAuth appId={APP} mode="login" fromUrl="/Meetings?x=1" navigate={navigate} />);
    await screen.findByText("Sign in to continue");
    type("Email", "ann@club.test");
    type("Password", "correct horse");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/Meetings?x=1&access_token=tok"));
    expect(posted("login")[0].body).toEqual({ email: "ann@club.test", password: "correct horse" });
    expect(localStorage.getItem("base44_access_token")).toBe("tok");
    expect(localStorage.getItem("token")).toBe("tok");
  });

  it("a foreign from_url is not followed: the default address is /", async () => {
    replies[`POST /api/apps/${APP}/auth/login`] = { status: 200, body: { access_token: "tok", user: {} } };
    const navigate = vi.fn();
    render(<RunnerAuth appId={APP} mode="login" fromUrl="https://evil.example/" navigate={navigate} />);
    await screen.findByText("Sign in to continue");
    type("Email", "ann@club.test");
    type("Password", "correct horse");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/?access_token=tok"));
  });

  it("shows the server's detail on a failed sign-in, else 'Invalid email or password'", async () => {
    replies[`POST /api/apps/${APP}/auth/login`] = { status: 429, body: { detail: "Too many sign-in attempts. Please try again in 15 minutes." } };
    render(<RunnerAuth appId={APP} mode="login" navigate={() => {}} />);
    await screen.findByText("Sign in to continue");
    type("Email", "ann@club.test");
    type("Password", "nope nope");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Too many sign-in attempts. Please try again in 15 minutes.")).toBeTruthy();
    replies[`POST /api/apps/${APP}/auth/login`] = { status: 400, body: {} };
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Invalid email or password")).toBeTruthy();
  });

  it("a Google sign-in refused as not registered shows Access Restricted", () => {
    window.history.replaceState(null, "", "/login?error=user_not_registered");
    render(<RunnerAuth appId={APP} mode="login" navigate={() => {}} />);
    expect(screen.getByText("Access Restricted")).toBeTruthy();
    expect(screen.getByText("You are not registered to use this application. Please contact the app administrator to request access.")).toBeTruthy();
  });
});

describe("register and verify", () => {
  it("checks that the passwords match before their length, and sends nothing until both hold", async () => {
    render(<RunnerAuth appId={APP} mode="login" navigate={() => {}} />);
    fireEvent.click(await screen.findByText("Sign up"));
    type("Email", "new@club.test");
    type("Password", "short");
    type("Confirm password", "shorter");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    type("Confirm password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText("Password must be at least 8 characters long")).toBeTruthy();
    expect(posted("register")).toEqual([]);
  });

  it("registers, carries the e-mail to the code, verifies, then returns to sign in after 2 seconds", async () => {
    replies[`POST /api/apps/${APP}/auth/register`] = { status: 200, body: { id: "u1", message: "ok", otp_expires_in_minutes: 10 } };
    replies[`POST /api/apps/${APP}/auth/verify-otp`] = { status: 200, body: { id: "u1", access_token: "t", message: "ok", success: true } };
    render(<RunnerAuth appId={APP} mode="register" navigate={() => {}} />);
    await screen.findByText("Create your account");
    type("Email", "new@club.test");
    type("Password", "long enough");
    type("Confirm password", "long enough");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("new@club.test")).toBeTruthy();

    fireEvent.paste(screen.getByLabelText("Digit 1"), { clipboardData: { getData: () => "12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText("Please enter all 6 digits")).toBeTruthy();
    expect(posted("verify-otp")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Digit 6"), { target: { value: "6" } });
    fakeDelays();
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await settleUntil("Email verified successfully! Redirecting to login...")).toBeTruthy();
    expect(posted("verify-otp")[0].body).toEqual({ email: "new@club.test", otp_code: "123456" });
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText("Sign in to continue")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText("Sign in to continue")).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("new@club.test");
  });

  it("a wrong code shows the server's detail, else 'Invalid verification code'; resend says so", async () => {
    replies[`POST /api/apps/${APP}/auth/verify-otp`] = { status: 400, body: {} };
    replies[`POST /api/apps/${APP}/auth/resend-otp`] = { status: 200, body: { message: "sent" } };
    render(<RunnerAuth appId={APP} mode="otp" email="new@club.test" navigate={() => {}} />);
    fireEvent.paste(await screen.findByLabelText("Digit 1"), { clipboardData: { getData: () => "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Invalid verification code")).toBeTruthy();
    fireEvent.click(screen.getByText("Resend code"));
    expect(await screen.findByText("New verification code sent to your email")).toBeTruthy();
    replies[`POST /api/apps/${APP}/auth/resend-otp`] = { status: 429, body: { detail: "Please wait 50 seconds before requesting a new code." } };
    fireEvent.click(screen.getByText("Resend code"));
    expect(await screen.findByText("Failed to resend code")).toBeTruthy();
  });
});

describe("forgot and set-new password", () => {
  it("sends the reset link and confirms with the e-mail; a failure shows the detail, else the fallback", async () => {
    replies[`POST /api/apps/${APP}/auth/reset-password-request`] = { status: 500, body: {} };
    render(<RunnerAuth appId={APP} mode="reset" navigate={() => {}} />);
    expect(await screen.findByText("Reset your password")).toBeTruthy();
    expect(screen.getByText("Enter your email and we'll send you a link to reset your password")).toBeTruthy();
    type("Email", "ann@club.test");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Failed to send reset email")).toBeTruthy();
    replies[`POST /api/apps/${APP}/auth/reset-password-request`] = { status: 200, body: { message: "ok" } };
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Check your email")).toBeTruthy();
    expect(screen.queryByText("Failed to send reset email")).toBeNull();
    expect(screen.getByText("We've sent password reset instructions to ann@club.test")).toBeTruthy();
    expect(screen.getByText("Please check your email for the password reset link. It may take a few minutes to arrive.")).toBeTruthy();
    fireEvent.click(screen.getByText("Back to sign in"));
    expect(await screen.findByText("Sign in to continue")).toBeTruthy();
  });

  it("without a token: 'Invalid Reset Link' and Back to Login", () => {
    const navigate = vi.fn();
    render(<RunnerAuth appId={APP} mode="reset-password" navigate={navigate} />);
    expect(screen.getByText("Invalid Reset Link")).toBeTruthy();
    expect(screen.getByText("This password reset link is invalid or has expired.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back to Login" }));
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("checks match before length, resets, names the app, and goes to /login after 3 seconds", async () => {
    replies[`POST /api/apps/${APP}/auth/reset-password`] = { status: 200, body: { success: true } };
    window.history.replaceState(null, "", "/reset-password?token=u1.secret");
    const navigate = vi.fn();
    render(<RunnerAuth appId={APP} mode="reset-password" navigate={navigate} />);
    expect(screen.getByText("Must be at least 8 characters")).toBeTruthy();
    type("New password", "short");
    type("Confirm password", "other");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    type("Confirm password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(screen.getByText("Password must be at least 8 characters long")).toBeTruthy();
    type("New password", "long enough");
    type("Confirm password", "long enough");
    await screen.findByText("Choose a new password for Book Club");
    fakeDelays();
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await settleUntil("Password reset successful!")).toBeTruthy();
    expect(screen.getByText("Your password has been reset. Redirecting to login...")).toBeTruthy();
    expect(screen.getByText("You can now sign in to Book Club with your new password")).toBeTruthy();
    expect(posted("reset-password")[0].body).toEqual({ reset_token: "u1.secret", new_password: "long enough" });
    act(() => vi.advanceTimersByTime(2999));
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("a failed reset shows the detail, else 'Failed to reset password. The link may have expired.'", async () => {
    replies[`POST /api/apps/${APP}/auth/reset-password`] = { status: 400, body: { detail: "Reset token invalid" } };
    render(<RunnerAuth appId={APP} mode="reset-password" resetToken="u1.old" navigate={() => {}} />);
    type("New password", "long enough");
    type("Confirm password", "long enough");
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Reset token invalid")).toBeTruthy();
    replies[`POST /api/apps/${APP}/auth/reset-password`] = { status: 500, body: {} };
    fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Failed to reset password. The link may have expired.")).toBeTruthy();
  });
});
