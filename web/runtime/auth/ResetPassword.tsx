import { type FormEvent, useEffect, useRef, useState } from "react";
import { RESET_REDIRECT_MS } from "../../../schemas/app-auth";
import type { AppAuthApi } from "./api";
import { ErrorText, Field, Notice, PrimaryButton, Screen, Title } from "./parts";
import { useSubmit } from "./useSubmit";
import { resetFormError } from "./validation";

/**
 * Set a new password from the e-mailed link (/reset-password?token=…; spec 03 §2.13, §4, §5, §8).
 * The app's name is a nicety: if it cannot be loaded the screen works without it.
 */
export function ResetPassword({ api, token, navigate }: { api: AppAuthApi; token: string | null; navigate: (url: string) => void }) {
  const [appName, setAppName] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { error, setError, busy, run } = useSubmit();
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    api.loginInfo().then(
      (info) => live && setAppName(info.name),
      () => {},
    );
    return () => {
      live = false;
      clearTimeout(redirect.current);
    };
  }, [api]);

  if (!token) {
    return (
      <Screen>
        <Title sub="This password reset link is invalid or has expired.">Invalid Reset Link</Title>
        <PrimaryButton type="button" onClick={() => navigate("/login")}>
          Back to Login
        </PrimaryButton>
      </Screen>
    );
  }

  if (done) {
    return (
      <Screen>
        <Title sub="Your password has been reset. Redirecting to login...">Password reset successful!</Title>
        {appName && <Notice>You can now sign in to {appName} with your new password</Notice>}
      </Screen>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = resetFormError(token, password, confirm);
    if (invalid) return setError(invalid);
    void run(async () => {
      await api.resetPassword(token, password);
      setDone(true);
      redirect.current = setTimeout(() => navigate("/login"), RESET_REDIRECT_MS);
    }, "Failed to reset password. The link may have expired.");
  };

  return (
    <Screen>
      <Title sub={appName ? `Choose a new password for ${appName}` : "Choose a new password"}>Set a new password</Title>
      <form onSubmit={submit} className="space-y-4">
        <div>
          <Field label="New password" name="password" type="password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <p className="mt-1 text-xs text-gray-500">Must be at least 8 characters</p>
        </div>
        <Field label="Confirm password" name="confirmPassword" type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {error && <ErrorText>{error}</ErrorText>}
        <PrimaryButton disabled={busy}>{busy ? "Resetting..." : "Reset password"}</PrimaryButton>
      </form>
    </Screen>
  );
}
