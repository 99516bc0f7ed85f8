import { Box, Button, Spinner, Text, VStack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { meQuery } from "../api/auth";
import { detailOf } from "../api/client";
import { session } from "../auth/session";
import { Header } from "../components/Header";
import { useMyRoom } from "../realtime/useRoom";

/** Every signed-in screen: auth gate (spec 03 §4 Auth gating), then the common layout. */
export const Route = createFileRoute("/_app")({
  beforeLoad: () => {
    if (!session.token()) throw redirect({ href: session.loginUrl(window.location.href) });
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  const me = useQuery(meQuery);
  useMyRoom(me.data?.id);

  if (me.isPending) {
    return (
      <VStack minH="100vh" justify="center" data-testid="auth-loading">
        <Spinner size="lg" color="brand.solid" />
      </VStack>
    );
  }
  if (me.isError) {
    return (
      <VStack minH="100vh" justify="center" gap="4" px="6" textAlign="center">
        <Text fontWeight="semibold">Kiln could not load your account.</Text>
        <Text color="fg.muted">{detailOf(me.error)}</Text>
        <Button onClick={() => me.refetch()} colorPalette="brand">
          Try again
        </Button>
      </VStack>
    );
  }
  return (
    <Box minH="100vh">
      <Header user={me.data} />
      <Box as="main">
        <Outlet />
      </Box>
    </Box>
  );
}
