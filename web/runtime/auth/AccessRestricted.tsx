import { clearToken } from "./api";
import { PrimaryButton, Screen, Title } from "./parts";

/** A signed-in user the private app did not invite (spec 03 §4, §6, §8: reason user_not_registered). */
export function AccessRestricted({ navigate }: { navigate: (url: string) => void }) {
  const switchAccount = () => {
    clearToken();
    navigate("/login");
  };
  return (
    <Screen>
      <div className="mb-4 flex justify-center" aria-hidden="true">
        <div className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-2xl text-amber-600">!</div>
      </div>
      <Title sub="You are not registered to use this application. Please contact the app administrator to request access.">Access Restricted</Title>
      <PrimaryButton type="button" onClick={switchAccount}>
        Sign in with a different account
      </PrimaryButton>
    </Screen>
  );
}
