/** A purchase as analytics and affiliate programs receive it. */
export interface Purchase {
  value: number;
  currency: "USD";
}

/** Hooks a deployment may set from a same-origin script; absent, nothing is sent. */
export interface TrackingHooks {
  purchase?(purchase: Purchase): void;
  affiliateConversion?(purchase: Purchase): void;
}

declare global {
  interface Window {
    kilnTracking?: TrackingHooks;
  }
}

/** The builder's CSP allows images from any https host, so a configured address gets a pixel request. */
function pixel(url: string | undefined, event: string, purchase: Purchase) {
  if (!url) return;
  const target = new URL(url, window.location.origin);
  target.searchParams.set("event", event);
  target.searchParams.set("value", String(purchase.value));
  target.searchParams.set("currency", purchase.currency);
  new Image().src = target.toString();
}

/**
 * A checkout came back paid (spec 03 §2.2): purchase tracking and an affiliate conversion,
 * through `window.kilnTracking` and the `VITE_PURCHASE_TRACKING_URL` / `VITE_AFFILIATE_CONVERSION_URL`
 * pixels. Does nothing unless one of them is configured; a failing tracker never breaks the page.
 */
export function trackPurchase(value: number) {
  const purchase: Purchase = { value, currency: "USD" };
  const hooks = window.kilnTracking;
  for (const send of [
    () => hooks?.purchase?.(purchase),
    () => hooks?.affiliateConversion?.(purchase),
    () => pixel(import.meta.env.VITE_PURCHASE_TRACKING_URL, "purchase", purchase),
    () => pixel(import.meta.env.VITE_AFFILIATE_CONVERSION_URL, "affiliate_conversion", purchase),
  ]) {
    try {
      send();
    } catch (err) {
      console.warn("purchase tracking failed", err);
    }
  }
}
