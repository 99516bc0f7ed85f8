/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The WebSocket API; defaults to /ws on the page's own host (the local stack). */
  readonly VITE_SOCKET_URL?: string;
  readonly VITE_COGNITO_USER_POOL_ID?: string;
  readonly VITE_COGNITO_CLIENT_ID?: string;
  readonly VITE_COGNITO_DOMAIN?: string;
  readonly VITE_AWS_REGION?: string;
  /** Where generated apps run, "{host}" standing for `{slug}` or `preview--{slug}`; unset: `{host}.localhost` on this port. */
  readonly VITE_APPS_URL?: string;
  /** Optional outside links shown in the header when set. */
  readonly VITE_COMMUNITY_URL?: string;
  readonly VITE_X_URL?: string;
  readonly VITE_LINKEDIN_URL?: string;
  readonly VITE_AFFILIATES_URL?: string;
  /** Optional outside links of the Help & Support hub (its Discord card uses VITE_COMMUNITY_URL). */
  readonly VITE_DOCS_URL?: string;
  readonly VITE_FORUM_URL?: string;
  /** Optional pixels a paid checkout calls (web/src/lib/tracking.ts). */
  readonly VITE_PURCHASE_TRACKING_URL?: string;
  readonly VITE_AFFILIATE_CONVERSION_URL?: string;
}
