import { Button, Field, Input, Text, VStack } from "@chakra-ui/react";
import { useState } from "react";
import { OTP_INCOMPLETE, OTP_LENGTH, PASSWORDS_DIFFER, PASSWORD_MIN, PASSWORD_TOO_SHORT } from "../../../schemas/app-auth";
import { AccessToken, CodeSent, PasswordResetDone } from "../../../schemas/auth";
import { call, messageOr } from "../api/client";

/** "forgot" asks for the e-mail a reset code goes to; "reset" takes that code and the new password. */
type Step = "sign-in" | "sign-up" | "code" | "forgot" | "reset";

/**
 * A team's Kiln (`npm run team`): e-mail and password, then the code mailed to the address,
 * for signing in and signing up alike; a forgotten password is reset with a mailed code, after which
 * the person signs in with the new one. The texts are the generated apps' sign-in screens' (spec 03 §5).
 */
export function PasswordSignIn({ onToken }: { onToken: (token: string) => void }) {
  const [step, setStep] = useState<Step>("sign-in");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fullName, setFullName] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  /** shown on the sign-in form once a reset went through */
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOr(err, fallback));
    } finally {
      setBusy(false);
    }
  };

  const requestCode = (event: React.FormEvent) => {
    event.preventDefault();
    if (step === "sign-up" && password.length < PASSWORD_MIN) return setError(PASSWORD_TOO_SHORT);
    if (step === "sign-up" && password !== confirm) return setError(PASSWORDS_DIFFER);
    void run(async () => {
      const answer =
        step === "sign-up"
          ? await call("POST /api/auth/password/sign-up", { body: { email, password, ...(fullName.trim() ? { full_name: fullName.trim() } : {}) }, schema: CodeSent })
          : await call("POST /api/auth/password/sign-in", { body: { email, password }, schema: CodeSent });
      setSent(answer.message);
      setCode("");
      setStep("code");
    }, step === "sign-up" ? "Registration failed. Please try again." : "Sign-in failed. Please try again.");
  };

  const codeComplete = () => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim());

  const verify = (event: React.FormEvent) => {
    event.preventDefault();
    if (!codeComplete()) return setError(OTP_INCOMPLETE);
    void run(async () => {
      const { access_token } = await call("POST /api/auth/password/verify", { body: { email, password, code: code.trim() }, schema: AccessToken });
      onToken(access_token);
    }, "Verification failed. Please try again.");
  };

  const requestReset = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await call("POST /api/auth/password/reset-request", { body: { email }, schema: CodeSent });
      setSent(answer.message);
      setCode("");
      setPassword("");
      setConfirm("");
      setStep("reset");
    }, "Failed to send reset email");
  };

  const resetPassword = (event: React.FormEvent) => {
    event.preventDefault();
    if (!codeComplete()) return setError(OTP_INCOMPLETE);
    if (password.length < PASSWORD_MIN) return setError(PASSWORD_TOO_SHORT);
    if (password !== confirm) return setError(PASSWORDS_DIFFER);
    void run(async () => {
      const { message } = await call("POST /api/auth/password/reset", { body: { email, code: code.trim(), password }, schema: PasswordResetDone });
      setPassword("");
      setConfirm("");
      setCode("");
      setSent(null);
      setStep("sign-in");
      setNotice(message);
    }, "Failed to reset password. The code may have expired.");
  };

  const switchTo = (next: Step) => () => {
    setStep(next);
    setError(null);
    setSent(null);
    setNotice(null);
  };

  const errorLine = error && (
    <Text color="fg.error" role="alert" data-testid="password-error">
      {error}
    </Text>
  );

  const codeField = (
    <Field.Root>
      <Field.Label>Verification code</Field.Label>
      <Input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ""))}
        data-testid="password-code"
      />
    </Field.Root>
  );

  const emailField = (
    <Field.Root required>
      <Field.Label>Email</Field.Label>
      <Input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="password-email" />
    </Field.Root>
  );

  // Every button but a form's own submit says type="button", and each step's form has its own key: React would
  // otherwise reuse the clicked <button> as the next step's submit, and the browser would then submit that form.
  const backToSignIn = (
    <Button type="button" variant="ghost" size="sm" onClick={switchTo("sign-in")}>
      Back to sign in
    </Button>
  );

  if (step === "code")
    return (
      <form key="code" onSubmit={verify} style={{ width: "100%" }}>
        <VStack gap="4" align="stretch" textAlign="left">
          <Text color="fg.muted">{sent ?? `We sent a verification code to ${email}`}</Text>
          {codeField}
          {errorLine}
          <Button type="submit" loading={busy} loadingText="Verifying..." colorPalette="brand" data-testid="password-verify">
            Verify
          </Button>
          {backToSignIn}
        </VStack>
      </form>
    );

  if (step === "forgot")
    return (
      <form key="forgot" onSubmit={requestReset} style={{ width: "100%" }}>
        <VStack gap="4" align="stretch" textAlign="left">
          <Text fontWeight="semibold">Reset your password</Text>
          <Text color="fg.muted">Enter your email and we'll send you a code to reset your password</Text>
          {emailField}
          {errorLine}
          <Button type="submit" loading={busy} loadingText="Sending..." colorPalette="brand" data-testid="password-reset-request">
            Send reset code
          </Button>
          {backToSignIn}
        </VStack>
      </form>
    );

  if (step === "reset")
    return (
      <form key="reset" onSubmit={resetPassword} style={{ width: "100%" }}>
        <VStack gap="4" align="stretch" textAlign="left">
          <Text fontWeight="semibold">Set a new password</Text>
          <Text color="fg.muted">{sent ?? `We sent a password reset code to ${email}`}</Text>
          {codeField}
          <Field.Root required>
            <Field.Label>New password</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-testid="password-new"
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Confirm password</Field.Label>
            <Input name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          </Field.Root>
          {errorLine}
          <Button type="submit" loading={busy} loadingText="Resetting..." colorPalette="brand" data-testid="password-reset">
            Reset password
          </Button>
          {backToSignIn}
        </VStack>
      </form>
    );

  const signingUp = step === "sign-up";
  return (
    <form key="password" onSubmit={requestCode} style={{ width: "100%" }}>
      <VStack gap="4" align="stretch" textAlign="left">
        {signingUp && (
          <Field.Root>
            <Field.Label>Full name</Field.Label>
            <Input name="full_name" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.currentTarget.value)} />
          </Field.Root>
        )}
        {notice && (
          <Text color="fg.success" role="status" data-testid="password-notice">
            {notice}
          </Text>
        )}
        {emailField}
        <Field.Root required>
          <Field.Label>Password</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete={signingUp ? "new-password" : "current-password"}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-testid="password-password"
          />
        </Field.Root>
        {!signingUp && (
          <Button type="button" variant="plain" size="sm" px="0" alignSelf="flex-end" textDecoration="underline" onClick={switchTo("forgot")}>
            Forgot password?
          </Button>
        )}
        {signingUp && (
          <Field.Root required>
            <Field.Label>Confirm password</Field.Label>
            <Input name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          </Field.Root>
        )}
        {errorLine}
        <Button
          type="submit"
          loading={busy}
          loadingText={signingUp ? "Creating account..." : "Signing in..."}
          colorPalette="brand"
          data-testid="password-submit"
        >
          {signingUp ? "Create account" : "Sign in"}
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          {signingUp ? "Already have an account? " : "Don't have an account? "}
          <Button type="button" variant="plain" size="sm" px="0" textDecoration="underline" onClick={switchTo(signingUp ? "sign-in" : "sign-up")}>
            {signingUp ? "Sign in" : "Sign up"}
          </Button>
        </Text>
      </VStack>
    </form>
  );
}
