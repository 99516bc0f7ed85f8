import { Box, Button, Heading, Spinner, Text, VStack } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import * as z from "zod";
import { cognitoConfigured } from "../auth/cognito-config";
import { safeReturn, session } from "../auth/session";
import { KilnMark } from "../components/KilnMark";

const LoginSearch = z.object({
  from_url: z.string().optional(),
  /** set by /api/auth/login in the cloud: start the Google redirect through Cognito */
  sso: z.literal("google").optional(),
  code: z.string().optional(),
  state: z.string().optional(),
});

export const Route = createFileRoute("/login")({
  validateSearch: LoginSearch,
  component: Login,
});

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
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
          ) : (
            <Button onClick={continueWithGoogle} variant="outline" size="lg" w="full" gap="3">
              <GoogleIcon />
              Continue with Google
            </Button>
          )}
          {error && (
            <Text color="fg.error" role="alert">
              {error}
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
