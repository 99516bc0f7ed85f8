/**
 * The browser security headers of every origin Kiln serves, in one place: the local stack
 * (stacks/local/stack.ts, app-host.ts, http-gateway.ts) sets them on its answers and the cloud
 * routers (stacks/router.ts, apps.ts) set the same ones at the edge with a CloudFront function.
 */

type Headers = Record<string, string>;

/** Every API answer: JSON and files are never sniffed into something that runs. */
export const API_HEADERS: Headers = { "x-content-type-options": "nosniff" };

/**
 * The builder's SPA: scripts from its own origin only, never framed. `appsOrigin` is where the
 * preview frame lives; `connect` the other origins it talks to (the cloud's WebSocket API and
 * Cognito; locally everything is same-origin); `widgets` the origins of a third-party widget the
 * deployment uses (Buy Domain's, when a domain provider is configured), which may run, connect and frame.
 */
export function builderHeaders({ appsOrigin, connect = [], widgets = [] }: { appsOrigin: string; connect?: string[]; widgets?: string[] }): Headers {
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...widgets].join(" "),
    // Chakra UI (emotion) writes its styles into <style> tags at run time
    "style-src 'self' 'unsafe-inline'",
    // attachments and logos come from signed storage links on another host
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect, ...widgets].join(" "),
    [`frame-src ${appsOrigin}`, ...widgets].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    // sign-in lands on /login?access_token=…: no address of the builder is ever sent anywhere
    "referrer-policy": "no-referrer",
  };
}

/**
 * A generated app's origin (published, or `preview--…`). The runtime compiles the app's code in
 * the page and runs it with `new Function` (hence 'unsafe-eval'), loads modules from blob:/data:
 * URLs and lets Tailwind's browser build write <style> tags; apps may use images, fonts, APIs and
 * embeds from anywhere. No inline <script> runs. The preview may be framed only by the builder
 * (the editor's frame); a published app (its app host or a custom domain) by the builder and its
 * own origin, never by another site (clickjacking its signed-in users).
 */
export function appHeaders({ preview, builderOrigin }: { preview: boolean; builderOrigin: string }): Headers {
  const csp = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' blob: data:",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src * data: blob:",
    "media-src * data: blob:",
    "font-src * data:",
    "connect-src * ws: wss:",
    "frame-src *",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${preview ? builderOrigin : `'self' ${builderOrigin}`}`,
  ].join("; ");
  // only the origin, even to itself: the page's first requests (its own scripts) go out before the runtime strips `?access_token=`
  return { "content-security-policy": csp, "x-content-type-options": "nosniff", "referrer-policy": "strict-origin" };
}

const setAll = (headers: Headers) =>
  Object.entries(headers)
    .map(([name, value]) => `h[${JSON.stringify(name)}] = { value: ${JSON.stringify(value)} };`)
    .join(" ");

/** CloudFront viewer-response code for the builder's router: API answers get nosniff, the SPA its policy. */
export function builderEdgeCode(builder: Headers): string {
  return `var h = event.response.headers; if (event.request.uri.indexOf("/api") === 0) { ${setAll(API_HEADERS)} } else { ${setAll(builder)} }`;
}

/** CloudFront viewer-response code for the apps' router: the preview host gets the preview's policy. */
export function appsEdgeCode(builderOrigin: string): string {
  const host = `(event.request.headers.host ? event.request.headers.host.value : "")`;
  return (
    `var h = event.response.headers; if (event.request.uri.indexOf("/api") === 0) { ${setAll(API_HEADERS)} } ` +
    `else if (${host}.indexOf("preview--") === 0) { ${setAll(appHeaders({ preview: true, builderOrigin }))} } ` +
    `else { ${setAll(appHeaders({ preview: false, builderOrigin }))} }`
  );
}
