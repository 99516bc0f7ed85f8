import { Button, Container, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, createFileRoute, useRouter } from "@tanstack/react-router";
import { REMIX_REQUIREMENTS_FAILED, RemixSearch } from "../../../../../schemas/remix";
import { meQuery } from "../../../api/auth";
import { serverDetailOr } from "../../../api/billing";
import { remixRequirementsQuery } from "../../../api/remix";
import { RemixPage } from "../../../components/remix/RemixPage";

/** /remix-app/{appId}?clone_history=… (spec 03 §2.8): opened by App Settings' "Create Copy" and a published app's remix badge. */
export const Route = createFileRoute("/_app/remix-app/$appId")({
  validateSearch: RemixSearch,
  loader: ({ context: { queryClient }, params: { appId } }) =>
    Promise.all([queryClient.ensureQueryData(remixRequirementsQuery(appId)), queryClient.ensureQueryData(meQuery)]),
  pendingMs: 0,
  pendingComponent: () => (
    <Container maxW="lg" py={{ base: "16", md: "24" }}>
      <Stack gap="4" align="center" data-testid="remix-loading">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">Loading…</Text>
      </Stack>
    </Container>
  ),
  errorComponent: RequirementsFailed,
  component: Remix,
});

function Remix() {
  const { appId } = Route.useParams();
  const { clone_history } = Route.useSearch();
  const [requirements] = Route.useLoaderData();
  return <RemixPage appId={appId} requirements={requirements} cloneHistory={clone_history} />;
}

/** Spec 03 §8 Remix: the server's message, or 'An error occurred while fetching remix requirements'. */
function RequirementsFailed({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <Container maxW="lg" py={{ base: "16", md: "24" }}>
      <Stack gap="4" align="center" textAlign="center" data-testid="remix-requirements-error">
        <Text fontWeight="semibold">{serverDetailOr(error, REMIX_REQUIREMENTS_FAILED)}</Text>
        <Stack direction="row" gap="3">
          <Button colorPalette="brand" onClick={() => void router.invalidate()}>
            Try again
          </Button>
          <Button variant="outline" asChild>
            <RouterLink to="/">Back to Home</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
