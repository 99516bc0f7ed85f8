/** The signed-in user's token, kept in localStorage under `token` (spec 03 §2.5). */
const TOKEN_KEY = "token";

export const session = {
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  set(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
  },
  /** /login?from_url=<the current address>: where logging out, and any 401, sends the user. */
  loginUrl(fromUrl: string = window.location.href): string {
    return `/login?${new URLSearchParams({ from_url: fromUrl })}`;
  },
  logout(fromUrl?: string) {
    session.clear();
    window.location.assign(session.loginUrl(fromUrl));
  },
};

/** Only addresses on this origin are returned to after sign-in; anything else goes home. */
export function safeReturn(fromUrl: string | undefined | null): string {
  if (!fromUrl) return "/";
  try {
    const url = new URL(fromUrl, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname.startsWith("/login")) return "/";
    return url.pathname + url.search + url.hash;
  } catch {
    return "/";
  }
}
