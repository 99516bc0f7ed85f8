import { type FormEvent, useEffect, useState } from "react";
import type { LoginInfo, SignInErrorCode } from "../../../schemas/app-auth";
import { type AppAuthApi, googleSignInUrl, saveToken, signedInAddress } from "./api";
import { ForgotPassword } from "./ForgotPassword";
import { AppMark, Divider, ErrorText, Field, GoogleButton, LinkButton, PrimaryButton, Screen, Spinner, Title } from "./parts";
import { useSubmit } from "./useSubmit";
import { newPasswordError } from "./validation";
import { VerifyEmail } from "./VerifyEmail";

export type SignInMode = "login" | "register" | "otp" | "reset";

/** What a Google sign-in that came back with `?error=` means (codes from the server, schemas/app-auth.ts). */
const googleErrors: Record<Exclude<SignInErrorCode, "user_not_registered">, string> = {
  account_disabled: "This account has been disabled",
  google_failed: "Google sign-in failed. Please try again.",
};

interface SignInProps {
  appId: string;
  api: AppAuthApi;
  mode: SignInMode;
  fromUrl?: string;
  email?: string;
  error?: string | null;
  navigate: (url: string) => void;
}

/**
 * The app's sign-in screen (spec 03 §2.13, §4): app info first, then one of its modes —
 * login, register, otp (the e-mail carried over) and reset — each returning to login.
 */
export function SignIn(props: SignInProps) {
  const { appId, api, navigate } = props;
  const [info, setInfo] = useState<LoginInfo | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [mode, setMode] = useState<SignInMode>(props.mode);
  const [email, setEmail] = useState(props.email ?? "");

  useEffect(() => {
    let live = true;
    api.loginInfo().then(
      (loaded) => live && setInfo(loaded),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (loadFailed) {
    return (
      <Screen>
        <ErrorText>An error occurred while loading the app</ErrorText>
      </Screen>
    );
  }
  if (!info) return <Spinner />;

  const signedIn = (token: string) => {
    saveToken(token);
    navigate(signedInAddress(props.fromUrl, token));
  };
  const google = () => navigate(googleSignInUrl(appId, props.fromUrl));
  const toLogin = () => setMode("login");
  // Without e-mail/password sign-in only Google (where the server has it) is offered, whatever mode was asked for.
  const shown: SignInMode = info.enable_username_password ? mode : "login";

  if (shown === "reset") return <ForgotPassword api={api} email={email} onBack={toLogin} />;

  const googleError = props.error && props.error in googleErrors ? googleErrors[props.error as keyof typeof googleErrors] : null;
  return (
    <Screen>
      {shown === "login" && <AppMark name={info.name} logoUrl={info.logo_url} />}
      <Title sub={shown === "login" ? "Sign in to continue" : shown === "register" ? "Create your account" : "Verify your email"}>Welcome to {info.name}</Title>
      {shown === "login" && (
        <div className="space-y-4">
          {googleError && <ErrorText>{googleError}</ErrorText>}
          {/* the server says whether this deployment has Google sign-in for apps (none on a team's box) */}
          {info.google_enabled && <GoogleButton onClick={google} />}
          {!info.google_enabled && !info.enable_username_password && <ErrorText>This app offers no way to sign in here yet. Ask its owner to turn on e-mail and password sign-in.</ErrorText>}
          {info.enable_username_password && (
            <>
              {info.google_enabled && <Divider />}
              <LoginForm api={api} email={email} onEmail={setEmail} onSignedIn={signedIn} onRegister={() => setMode("register")} onForgot={() => setMode("reset")} />
            </>
          )}
        </div>
      )}
      {shown === "register" && (
        <RegisterForm
          api={api}
          email={email}
          onEmail={setEmail}
          onRegistered={() => setMode("otp")}
          onLogin={toLogin}
        />
      )}
      {shown === "otp" && <VerifyEmail api={api} email={email} onVerified={toLogin} onBack={toLogin} />}
    </Screen>
  );
}

interface EmailFormProps {
  api: AppAuthApi;
  email: string;
  onEmail: (email: string) => void;
}

function LoginForm({ api, email, onEmail, onSignedIn, onRegister, onForgot }: EmailFormProps & { onSignedIn: (token: string) => void; onRegister: () => void; onForgot: () => void }) {
  const [password, setPassword] = useState("");
  const { error, busy, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => onSignedIn((await api.login(email, password)).access_token), "Invalid email or password");
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label="Email" name="email" type="email" required autoComplete="email" value={email} onChange={(e) => onEmail(e.target.value)} />
      <Field label="Password" name="password" type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="flex justify-end">
        <LinkButton onClick={onForgot}>Forgot password?</LinkButton>
      </div>
      {error && <ErrorText>{error}</ErrorText>}
      <PrimaryButton disabled={busy}>{busy ? "Signing in..." : "Sign in"}</PrimaryButton>
      <p className="text-center text-sm text-gray-500">
        Don't have an account? <LinkButton onClick={onRegister}>Sign up</LinkButton>
      </p>
    </form>
  );
}

function RegisterForm({ api, email, onEmail, onRegistered, onLogin }: EmailFormProps & { onRegistered: () => void; onLogin: () => void }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { error, setError, busy, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = newPasswordError(password, confirm);
    if (invalid) return setError(invalid);
    void run(async () => {
      await api.register(email, password);
      onRegistered();
    }, "Registration failed. Please try again.");
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label="Email" name="email" type="email" required autoComplete="email" value={email} onChange={(e) => onEmail(e.target.value)} />
      <Field label="Password" name="password" type="password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Field label="Confirm password" name="confirmPassword" type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      {error && <ErrorText>{error}</ErrorText>}
      <PrimaryButton disabled={busy}>{busy ? "Creating account..." : "Create account"}</PrimaryButton>
      <p className="text-center text-sm text-gray-500">
        Already have an account? <LinkButton onClick={onLogin}>Sign in</LinkButton>
      </p>
    </form>
  );
}
