import { type Browser, chromium } from "playwright-core";
import { VerifyBrowser } from "../../functions/core/verify/browser";

/** Debian's Chromium, headless, with the flags this offline machine needs (e2e tests and the bench). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? VerifyBrowser.DEFAULT_PATH,
    args: VerifyBrowser.LOCAL_ARGS,
  });
}
