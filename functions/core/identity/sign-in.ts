import { Config } from "../config";
import { VisibleError } from "../errors";
import { Tokens } from "./tokens";
import { Users } from "./users";

/** The end of every sign-in flow: a user, a token, and the SPA's /login#access_token=... */
export namespace SignIn {
  /** Only addresses on Kiln's own web origin (or a path on it) are returned to; anything else goes home. */
  export function safeReturn(fromUrl: string | undefined): string {
    if (!fromUrl) return "/";
    if (fromUrl.startsWith("/") && !fromUrl.startsWith("//") && !fromUrl.startsWith("/\\")) return fromUrl;
    try {
      const url = new URL(fromUrl);
      const web = new URL(Config.kiln.webUrl);
      if (url.origin === web.origin) return url.pathname + url.search + url.hash;
    } catch {
      // not a URL: fall through
    }
    return "/";
  }

  export async function tokenFor(email: string, fullName?: string | null): Promise<string> {
    const { user } = await Users.ensure({ email, full_name: fullName });
    if (user.disabled) throw new VisibleError("forbidden", "This account has been disabled");
    return Tokens.signPlatform(user.id, user.email, await Users.sessionsValidAfter(user.id));
  }

  /**
   * Where the browser lands after signing in: the SPA's /login, which stores the token and moves on.
   * The token rides in the fragment, which browsers never send to a server nor put in a Referer.
   */
  export function loginUrl(token: string, fromUrl: string | undefined): string {
    const query = new URLSearchParams({ from_url: safeReturn(fromUrl) });
    return `${Config.kiln.webUrl.replace(/\/$/, "")}/login?${query}#${new URLSearchParams({ access_token: token })}`;
  }
}
