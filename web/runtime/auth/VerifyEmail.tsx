import { type FormEvent, useEffect, useRef, useState } from "react";
import { OTP_INCOMPLETE, VERIFIED_REDIRECT_MS } from "../../../schemas/app-auth";
import type { AppAuthApi } from "./api";
import { codeOf, emptyCode, isComplete } from "./otp";
import { OtpInput } from "./OtpInput";
import { ErrorText, LinkButton, Notice, PrimaryButton } from "./parts";
import { useSubmit } from "./useSubmit";

/**
 * The one-time-code step after registering (spec 03 §4, §5, §8): six boxes, all required;
 * on success "Email verified successfully! Redirecting to login..." and, 2 seconds later,
 * back to sign in.
 */
export function VerifyEmail({ api, email, onVerified, onBack }: { api: AppAuthApi; email: string; onVerified: () => void; onBack: () => void }) {
  const [digits, setDigits] = useState(emptyCode);
  const { error, setError, busy, run } = useSubmit();
  const [notice, setNotice] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  /** the server's word when verifying set no password (two sign-ups overlapped) */
  const [noPassword, setNoPassword] = useState<string | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!isComplete(digits)) return setError(OTP_INCOMPLETE);
    void run(async () => {
      const result = await api.verifyOtp(email, codeOf(digits));
      if (result.password_set === false) return setNoPassword(result.message);
      setVerified(true);
      redirect.current = setTimeout(onVerified, VERIFIED_REDIRECT_MS);
    }, "Invalid verification code");
  };

  const resend = async () => {
    setError(null);
    setNotice(null);
    try {
      await api.resendOtp(email);
      setDigits(emptyCode());
      setNotice("New verification code sent to your email");
    } catch {
      setError("Failed to resend code");
    }
  };

  if (verified) return <Notice>Email verified successfully! Redirecting to login...</Notice>;
  if (noPassword)
    return (
      <div className="space-y-5">
        <Notice>{noPassword}</Notice>
        <LinkButton onClick={onBack}>Back to sign in</LinkButton>
      </div>
    );

  return (
    <form onSubmit={submit} className="space-y-5">
      <p className="text-center text-sm text-gray-600">
        We sent a 6-digit code to <span className="font-medium text-gray-900">{email}</span>
      </p>
      <OtpInput digits={digits} onChange={setDigits} disabled={busy} />
      {error && <ErrorText>{error}</ErrorText>}
      {notice && <Notice>{notice}</Notice>}
      <PrimaryButton disabled={busy}>{busy ? "Verifying..." : "Verify"}</PrimaryButton>
      <div className="flex items-center justify-between">
        <LinkButton onClick={onBack}>Back to sign in</LinkButton>
        <LinkButton onClick={resend}>Resend code</LinkButton>
      </div>
    </form>
  );
}
