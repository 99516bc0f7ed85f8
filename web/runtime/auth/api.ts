import type { LoginInfo, LoginResult, RegisterResult, VerifyOtpResult } from "../../../schemas/app-auth";

/** A refused call: its HTTP status and the server's `detail`, which the screens show when there is one. */
export class AuthCallError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `Request failed (${status})`);
  }
}

/** The message a screen shows for a failure: the server's detail, else the spec's fallback. */
export const messageOf = (err: unknown, fallback: string) => (err instanceof AuthCallError && err.detail ? err.detail : fallback);

async function request<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AuthCallError(0, null);
  }
  const data = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  if (!response.ok) throw new AuthCallError(response.status, typeof data?.detail === "string" ? data.detail : null);
  return data as T;
}

/** The app's sign-in calls, same-origin (the runner is served on the app's own host). */
export function appAuthApi(appId: string) {
  const path = (rest: string) => `/api/apps/${encodeURIComponent(appId)}/auth/${rest}`;
  return {
    loginInfo: () => request<LoginInfo>("GET", `/api/apps/public/login-info/by-id/${encodeURIComponent(appId)}`),
    login: (email: string, password: string) => request<LoginResult>("POST", path("login"), { email, password }),
    register: (email: string, password: string) => request<RegisterResult>("POST", path("register"), { email, password }),
    verifyOtp: (email: string, otp_code: string) => request<VerifyOtpResult>("POST", path("verify-otp"), { email, otp_code }),
    resendOtp: (email: string) => request<unknown>("POST", path("resend-otp"), { email }),
    requestReset: (email: string) => request<unknown>("POST", path("reset-password-request"), { email }),
    resetPassword: (reset_token: string, new_password: string) => request<unknown>("POST", path("reset-password"), { reset_token, new_password }),
  };
}
export type AppAuthApi = ReturnType<typeof appAuthApi>;

/** Where @base44/sdk looks for the token (reference §1.4): both keys, as the SDK itself writes them. */
export function saveToken(token: string) {
  localStorage.setItem("base44_access_token", token);
  localStorage.setItem("token", token);
}

/** Read a query parameter and take it out of the address (history.replaceState), so no history entry or Referer keeps it. */
export function takeFromAddress(name: string): string | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get(name);
  if (value === null) return null;
  url.searchParams.delete(name);
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return value;
}

export function clearToken() {
  localStorage.removeItem("base44_access_token");
  localStorage.removeItem("token");
}

/** from_url when it is on this origin and not the sign-in itself, else / (spec 03 §9: the default return address). */
export function returnAddress(fromUrl: string | undefined): string {
  if (!fromUrl) return "/";
  try {
    const url = new URL(fromUrl, window.location.origin);
    return url.origin === window.location.origin && !url.pathname.toLowerCase().startsWith("/login") ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}

/**
 * Where a successful sign-in goes: from_url (or /) with `?access_token=`, which the SDK takes
 * into its storage on the next load (reference §1.4). A preview frame keeps no storage across
 * loads, so the token has to travel in the address.
 */
export function signedInAddress(fromUrl: string | undefined, token: string): string {
  const url = new URL(returnAddress(fromUrl), window.location.origin);
  url.searchParams.set("access_token", token);
  return url.pathname + url.search + url.hash;
}

/** "Continue with Google": the platform's app sign-in with from_url and app_id (spec 03 §2.13). */
export function googleSignInUrl(appId: string, fromUrl: string | undefined): string {
  const back = new URL(returnAddress(fromUrl), window.location.origin).toString();
  return `/api/apps/auth/login?${new URLSearchParams({ app_id: appId, from_url: back })}`;
}
