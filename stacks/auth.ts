/// <reference path="../.sst/platform/config.d.ts" />
import { webUrl } from "./router";
import { googleClientId, googleClientSecret } from "./secrets";

/**
 * "Continue with Google": a Cognito user pool federating Google, its hosted-UI
 * domain, and a public SPA client using the OAuth code flow (aws-amplify in
 * web/src/auth/cognito.ts). The Cognito ID token is then exchanged for Kiln's
 * own token (POST /api/auth/exchange, functions/core/identity/tokens.ts).
 *
 * In the Google Cloud console, add `https://<cognitoDomain>/oauth2/idpresponse`
 * as an authorized redirect URI of the OAuth client.
 */
export const region = aws.getRegionOutput().region;
const accountId = aws.getCallerIdentityOutput().accountId;

export const users = new sst.aws.CognitoUserPool("Users", {
  domain: {
    // Prefix domains are global per region: make it unique per app, stage and account.
    // (At most 63 characters; a prefix may not contain "aws", "amazon" or "cognito".)
    prefix: $interpolate`${$app.name}-${$app.stage.toLowerCase().replace(/[^a-z0-9-]/g, "-").slice(0, 40)}-${accountId}`,
  },
});

export const google = users.addIdentityProvider("Google", {
  type: "google",
  details: {
    client_id: googleClientId.value,
    client_secret: googleClientSecret.value,
    authorize_scopes: "email profile openid",
  },
  // Google says whether it verified the address; unmapped, Cognito marks every Google e-mail
  // unverified and functions/core/identity/tokens.ts refuses the token.
  attributes: {
    email: "email",
    email_verified: "email_verified",
    name: "name",
    username: "sub",
  },
});

const loginUrl = $interpolate`${webUrl}/login`;
/** Google sign-in of generated apps returns to the API (functions/core/app-users/google.ts), which issues the app token. */
const appSignInCallbackUrl = $interpolate`${webUrl}/api/apps/auth/callback`;

export const webClient = users.addClient("UsersClient", {
  providers: [google.providerName],
  callbackUrls: [loginUrl, appSignInCallbackUrl],
  transform: {
    client(args) {
      args.allowedOauthFlows = ["code"];
      args.allowedOauthScopes = ["openid", "email", "profile"];
      args.logoutUrls = [loginUrl];
      args.generateSecret = false;
      args.preventUserExistenceErrors = "ENABLED";
    },
  },
});

/** The hosted-UI host name, without scheme: what Amplify's `oauth.domain` expects. */
export const cognitoDomain = users.domainUrl!.apply((url) => url.replace(/^https:\/\//, "").replace(/\/$/, ""));
