import type { App } from "../../../../../schemas/app";

/** Spec 02 §5: an empty name, or a rename while the app is not ready, is refused with these words. */
export function nameProblem(app: Pick<App, "status">, name: string): string | null {
  if (!name.trim()) return "App name cannot be empty";
  if (app.status.state !== "ready") return "App is still loading... name not updated";
  return null;
}
