import { Box, Button, Heading, Spinner, Text, VStack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import * as z from "zod";
import { cognitoConfigured } from "../auth/cognito-config";
import { safeReturn, session } from "../auth/session";
import { SignInMethods } from "../../../schemas/auth";
import { call } from "../api/client";
import { KilnMark } from "../components/KilnMark";
import { PasswordSignIn } from "../components/PasswordSignIn";
import { GOOGLE_MARK } from "../../../lib/google-mark";
import { SSO_ERRORS, ssoErrorText } from "../../../lib/sign-in-errors";

const LoginSearch = z.object({
  from_url: z.string().optional(),
  /** set by /api/auth/login in the cloud: start the Google redirect through Cognito */
  sso: z.literal("google").optional(),
  code: z.string().optional(),
  state: z.string().optional(),
  /** why a team's single sign-on came back without signing in: a code, shown as Kiln's own sentence for it */
  sso_error: z.enum(SSO_ERRORS).optional().catch(undefined),
});

export const Route = createFileRoute("/login")({
  validateSearch: LoginSearch,
  component: Login,
});

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox={GOOGLE_MARK.viewBox} aria-hidden="true">
      {GOOGLE_MARK.paths.map((p) => (
        <path key={p.fill} fill={p.fill} d={p.d} />
      ))}
    </svg>
  );
}

/** Kiln's sign-in hands the token over in the fragment (never sent to a server); `?access_token=` is still taken, as spec 03 §2.5 has it. */
const handedOverToken = () =>
  new URLSearchParams(window.location.hash.slice(1)).get("access_token") ?? new URLSearchParams(window.location.search).get("access_token");

/** The handed-over token, taken out of the address (and so out of history and any Referer) at once. */
function takeHandedOverToken(): string | null {
  const token = handedOverToken();
  if (!token) return null;
  const url = new URL(window.location.href);
  url.searchParams.delete("access_token");
  window.history.replaceState(window.history.state, "", url.pathname + url.search);
  return token;
}

/** Sign-in (spec 03 §2.5): stores the token the sign-in returned under `token` and moves on to from_url. */
function Login() {
  const search = Route.useSearch();
  const [error, setError] = useState<string | null>(null);
  const [handedOver] = useState(() => handedOverToken() !== null);
  const finishing = Boolean(handedOver || search.code || search.sso);
  // which sign-in this deployment offers: Google, or on a team's Kiln e-mail and password with a code
  const methods = useQuery({ queryKey: ["sign-in-methods"], queryFn: () => call("GET /api/auth/methods", { schema: SignInMethods }), enabled: !finishing, staleTime: Infinity });
  const signedIn = (token: string) => {
    session.set(token);
    window.location.replace(safeReturn(search.from_url));
  };

  useEffect(() => {
    const token = takeHandedOverToken();
    if (token) {
      session.set(token);
      window.location.replace(safeReturn(search.from_url));
      return;
    }
    if ((search.sso || search.code) && cognitoConfigured()) {
      import("../auth/cognito")
        .then((cognito) => (search.code ? cognito.finishGoogleSignIn() : cognito.startGoogleSignIn(search.from_url ?? "/")))
        .then((result) => {
          if (!result) return;
          session.set(result.accessToken);
          window.location.replace(safeReturn(result.fromUrl));
        })
        .catch((err: Error) => setError(err.message || "Sign-in failed. Please try again."));
    }
  }, [search.code, search.sso, search.from_url]);

  // the sentence for a single sign-on's refusal, once the methods (the button's label, the sign-up domains) are known
  const ssoError = search.sso_error && methods.data ? ssoErrorText(search.sso_error, { provider: methods.data.oidc?.name, signupDomains: methods.data.signup_domains }) : null;

  const continueWithSso = () => {
    const params = new URLSearchParams({ from_url: safeReturn(search.from_url) });
    window.location.assign(`/api/auth/oidc/start?${params}`);
  };

  const continueWithGoogle = () => {
    const params = new URLSearchParams({ from_url: safeReturn(search.from_url) });
    window.location.assign(`/api/auth/login?${params}`);
  };

  return (
    <VStack minH="100vh" justify="center" px="6" bg="bg.subtle">
      <Box bg="bg" borderWidth="1px" borderRadius="2xl" boxShadow="sm" p={{ base: "8", md: "10" }} w="full" maxW="md" textAlign="center">
        <VStack gap="6">
          <KilnMark size={48} />
          <VStack gap="1">
            <Heading size="2xl">Welcome to Kiln</Heading>
            <Text color="fg.muted">Describe an app in plain words and watch it being built.</Text>
          </VStack>
          {finishing && !error ? (
            <VStack gap="3" py="2">
              <Spinner color="brand.solid" />
              <Text color="fg.muted">Signing you in…</Text>
            </VStack>
          ) : methods.data?.password ? (
            <>
              {methods.data.oidc && (
                <>
                  <Button onClick={continueWithSso} variant="outline" size="lg" w="full">
                    {methods.data.oidc.name}
                  </Button>
                  <Text fontSize="sm" color="fg.muted">
                    or with your e-mail and password
                  </Text>
                </>
              )}
              <PasswordSignIn onToken={signedIn} />
            </>
          ) : methods.isPending ? (
            <Spinner color="brand.solid" />
          ) : (
            <Button onClick={continueWithGoogle} variant="outline" size="lg" w="full" gap="3">
              <GoogleIcon />
              Continue with Google
            </Button>
          )}
          {(error ?? ssoError) && (
            <Text color="fg.error" role="alert">
              {error ?? ssoError}
            </Text>
          )}
          <Text fontSize="xs" color="fg.subtle">
            By continuing you agree to the{" "}
            <a href="/terms-of-service" style={{ textDecoration: "underline" }}>
              Terms of Service
            </a>{" "}
            and the{" "}
            <a href="/privacy-policy" style={{ textDecoration: "underline" }}>
              Privacy Policy
            </a>
            .
          </Text>
        </VStack>
      </Box>
    </VStack>
  );
}
