import type { AppSummary } from "../../../../schemas/app";
import { STYLE_SEPARATOR } from "../../lib/styles";

/** Descriptions longer than this end with an ellipsis on cards (spec 01 §2 Apps list). */
export const DESCRIPTION_LIMIT = 100;

/** What the user wrote, without a chosen style's appended prompt. */
export function ownDescription(app: Pick<AppSummary, "user_description">): string {
  return (app.user_description ?? "").split(STYLE_SEPARATOR)[0].trim();
}

/** The description cut at 100 characters with an ellipsis, and the full text for a tooltip. */
export function shortDescription(app: Pick<AppSummary, "user_description">): { text: string; full: string; cut: boolean } {
  const full = ownDescription(app);
  const flat = full.replace(/\s+/g, " ");
  if (flat.length <= DESCRIPTION_LIMIT) return { text: flat, full, cut: false };
  return { text: `${flat.slice(0, DESCRIPTION_LIMIT).trimEnd()}…`, full, cut: true };
}

export const appName = (app: Pick<AppSummary, "name">) => app.name?.trim() || "Untitled app";
