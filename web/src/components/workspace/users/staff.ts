import type { AppUser } from "../../../../../schemas/app-user";

/**
 * The platform's staff domain (spec 02 "The list hides accounts whose address contains
 * the platform's staff domain"). Kiln is self-hosted, so its staff are whoever runs the
 * deployment, and their addresses are on the deployment's own domain: the host the
 * builder is served from, without a leading "www.". An IP address or a one-label host
 * (localhost) is no mail domain, so nothing is hidden there.
 */
export function staffDomain(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/^www\./, "");
  if (!host.includes(".") || /^[\d.]+$/.test(host) || host.includes(":")) return null;
  return host;
}

/** The users the owner manages: every user but the platform's staff. */
export function visibleUsers<U extends Pick<AppUser, "email">>(users: U[], domain: string | null): U[] {
  if (!domain) return users;
  const marker = `@${domain}`;
  return users.filter((u) => !u.email.toLowerCase().includes(marker));
}
