import { PASSWORD_MIN, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from "../../../schemas/app-auth";

/** A new password and its confirmation (spec 03 §5): the match is checked before the length. */
export function newPasswordError(password: string, confirm: string): string | null {
  if (password !== confirm) return PASSWORDS_DIFFER;
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  return null;
}

/** The set-new-password form: a token, both fields, then the new-password rules. */
export function resetFormError(token: string | null, password: string, confirm: string): string | null {
  if (!token) return "Invalid reset link. Please request a new password reset.";
  if (!password || !confirm) return "Please fill in both fields";
  return newPasswordError(password, confirm);
}
