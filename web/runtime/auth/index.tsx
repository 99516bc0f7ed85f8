import { useMemo } from "react";
import { appAuthApi } from "./api";
import { AccessRestricted } from "./AccessRestricted";
import { ResetPassword } from "./ResetPassword";
import { SignIn, type SignInMode } from "./SignIn";

export type RunnerAuthMode = SignInMode | "reset-password" | "access-restricted";

export interface RunnerAuthProps {
  appId: string;
  /** login (default), register, otp, reset (forgot password), reset-password (/reset-password?token=…), access-restricted */
  mode?: RunnerAuthMode;
  /** where to go once signed in; / when absent (spec 03 §2.13) */
  fromUrl?: string;
  /** the e-mail carried into the otp mode */
  email?: string;
  /** the reset link's token; read from ?token= when not given */
  resetToken?: string | null;
  /** a sign-in error code (?error= after Google); read from the address when not given */
  error?: string | null;
  /** how the screens move the browser; a full navigation by default */
  navigate?: (url: string) => void;
}

const assign = (url: string) => window.location.assign(url);

/**
 * The sign-in screens of a generated app, served on the app's own origin by the runtime:
 * login (Google, and e-mail/password when the app enables it), register, the 6-box code,
 * forgot and set-new password, and "Access Restricted".
 */
export function RunnerAuth(props: RunnerAuthProps) {
  const api = useMemo(() => appAuthApi(props.appId), [props.appId]);
  const search = new URLSearchParams(window.location.search);
  const navigate = props.navigate ?? assign;
  const error = props.error ?? search.get("error");
  const mode: RunnerAuthMode = error === "user_not_registered" ? "access-restricted" : (props.mode ?? "login");

  if (mode === "access-restricted") return <AccessRestricted navigate={navigate} />;
  if (mode === "reset-password") return <ResetPassword api={api} token={props.resetToken ?? search.get("token")} navigate={navigate} />;
  return <SignIn appId={props.appId} api={api} mode={mode} fromUrl={props.fromUrl ?? search.get("from_url") ?? undefined} email={props.email} error={error} navigate={navigate} />;
}
