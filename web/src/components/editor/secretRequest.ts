import type { SecretRequestItem } from "../../../../schemas/secrets";
import { messageOr } from "../../api/client";

/** Pure rules of the chat's secrets form (spec 01 §3 Secret request, §5, §8): test/unit/secret-request-card.test.tsx. */

/** Spec 01 §8 Secrets. */
export const SecretRequestMessages = {
  SAVED_TITLE: "Secrets updated successfully",
  SAVED_DESCRIPTION: "The secrets have been set.",
  FAILED_TITLE: "Failed to set secrets",
  FAILED_FALLBACK: "An error occurred while setting the secrets",
} as const;

/** The requested secrets the app does not hold yet, in the order asked (a name asked twice once). */
export function pendingSecrets(request: SecretRequestItem[], existing: Iterable<string>): SecretRequestItem[] {
  const held = new Set(existing);
  const seen = new Set<string>();
  return request.filter((item) => !held.has(item.secretName) && !seen.has(item.secretName) && seen.add(item.secretName));
}

/** The map PUT /secrets takes, or null when some value is blank after trimming (spec 01 §5: 'Secret values required'). */
export function secretValues(items: SecretRequestItem[], values: Record<string, string>): Record<string, string> | null {
  const map: Record<string, string> = {};
  for (const { secretName } of items) {
    const value = (values[secretName] ?? "").trim();
    if (!value) return null;
    map[secretName] = value;
  }
  return map;
}

/** The server's message when it gave one, else the spec's fallback. */
export const setFailure = (err: unknown) => messageOr(err, SecretRequestMessages.FAILED_FALLBACK);
