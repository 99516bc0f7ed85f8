import { Amplify } from "aws-amplify";
import { fetchAuthSession, signInWithRedirect } from "aws-amplify/auth";
import "aws-amplify/auth/enable-oauth-listener";
import { Hub } from "aws-amplify/utils";
import { AccessToken } from "../../../schemas/auth";
import { apiPath } from "../api/client";

export { cognitoConfigured } from "./cognito-config";

/**
 * Google sign-in in the cloud: Cognito's hosted Google provider through aws-amplify,
 * then the Cognito ID token is exchanged for a Kiln token (POST /api/auth/exchange).
 */
function configure() {
  const env = import.meta.env;
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: env.VITE_COGNITO_USER_POOL_ID!,
        userPoolClientId: env.VITE_COGNITO_CLIENT_ID!,
        loginWith: {
          oauth: {
            domain: env.VITE_COGNITO_DOMAIN!,
            scopes: ["openid", "email", "profile"],
            redirectSignIn: [`${origin}/login`],
            redirectSignOut: [`${origin}/login`],
            responseType: "code",
          },
        },
      },
    },
  });
}

export async function startGoogleSignIn(fromUrl: string): Promise<null> {
  configure();
  await signInWithRedirect({ provider: "Google", customState: fromUrl });
  return null;
}

/** On return from Cognito (?code=…): wait for Amplify to finish, then trade the ID token for Kiln's. */
export async function finishGoogleSignIn(): Promise<{ accessToken: string; fromUrl: string }> {
  let fromUrl = "/";
  const done = new Promise<void>((resolve, reject) => {
    const stop = Hub.listen("auth", ({ payload }) => {
      if (payload.event === "customOAuthState") fromUrl = payload.data;
      if (payload.event === "signInWithRedirect") {
        stop();
        resolve();
      }
      if (payload.event === "signInWithRedirect_failure") {
        stop();
        reject(new Error("Google sign-in failed. Please try again."));
      }
    });
  });
  configure();
  await done;
  const { tokens } = await fetchAuthSession();
  const idToken = tokens?.idToken?.toString();
  if (!idToken) throw new Error("Google sign-in did not return an identity.");
  const response = await fetch(apiPath("POST /api/auth/exchange"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id_token: idToken }),
  });
  if (!response.ok) throw new Error("Kiln could not verify this Google sign-in.");
  return { accessToken: AccessToken.parse(await response.json()).access_token, fromUrl };
}
