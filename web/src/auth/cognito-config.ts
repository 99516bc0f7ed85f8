/** True when this build was made for a cloud deployment with Cognito's Google sign-in. */
export function cognitoConfigured(): boolean {
  const env = import.meta.env;
  return Boolean(env.VITE_COGNITO_USER_POOL_ID && env.VITE_COGNITO_CLIENT_ID && env.VITE_COGNITO_DOMAIN);
}
