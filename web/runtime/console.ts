import type { AppLog } from "../../schemas/preview";
import type { Bridge } from "./bridge";

const MAX_MESSAGE = 4_000;
const levels = ["log", "info", "warn", "error", "debug"] as const;

function text(args: unknown[]): string {
  return args
    .map((arg) => {
      if (typeof arg === "string") return arg;
      if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
      try {
        return JSON.stringify(arg);
      } catch {
        return String(arg);
      }
    })
    .join(" ")
    .slice(0, MAX_MESSAGE);
}

/**
 * The app's console lines also go to the editor's network activity panel (spec 02
 * "Network activity panel": requests and logs). The console itself still prints them.
 */
export function forwardConsole(bridge: Bridge): void {
  for (const severity of levels) {
    const original = console[severity].bind(console);
    console[severity] = (...args: unknown[]) => {
      original(...args);
      const log: AppLog = { message: text(args), severity, component: null, timestamp: Date.now() };
      bridge.post({ type: "app_log", log });
    };
  }
}
