import { type FormEvent, useState } from "react";
import type { AppAuthApi } from "./api";
import { ErrorText, Field, LinkButton, PrimaryButton, Screen, Title } from "./parts";
import { useSubmit } from "./useSubmit";

/** "Reset your password" (spec 03 §2.13, §4, §8): a form, then a confirmation that keeps the e-mail for display. */
export function ForgotPassword({ api, email: initial, onBack }: { api: AppAuthApi; email: string; onBack: () => void }) {
  const [email, setEmail] = useState(initial);
  const { error, busy, run } = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.requestReset(email);
      setSentTo(email);
    }, "Failed to send reset email");
  };

  if (sentTo !== null) {
    return (
      <Screen>
        <Title sub={`We've sent password reset instructions to ${sentTo}`}>Check your email</Title>
        <p className="mb-6 text-center text-sm text-gray-600">Please check your email for the password reset link. It may take a few minutes to arrive.</p>
        <div className="text-center">
          <LinkButton onClick={onBack}>Back to sign in</LinkButton>
        </div>
      </Screen>
    );
  }

  return (
    <Screen>
      <Title sub="Enter your email and we'll send you a link to reset your password">Reset your password</Title>
      <form onSubmit={submit} className="space-y-4">
        <Field label="Email" name="email" type="email" required autoComplete="email" placeholder={initial || "you@example.com"} value={email} onChange={(e) => setEmail(e.target.value)} />
        {error && <ErrorText>{error}</ErrorText>}
        <PrimaryButton disabled={busy}>{busy ? "Sending..." : "Send reset link"}</PrimaryButton>
        <div className="text-center">
          <LinkButton onClick={onBack}>Back to sign in</LinkButton>
        </div>
      </form>
    </Screen>
  );
}
