import { Button, Container, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import * as z from "zod";
import { detailOf } from "../../api/client";
import { OutOfCredits } from "../../components/home/OutOfCredits";
import { CREATE_FAILED, isOutOfCredits, useCreateApp } from "../../components/home/useCreateApp";

/** The router reads `?prompt=42` as a number; any scalar is taken as text. */
const CreateAppSearch = z.object({
  prompt: z.preprocess((v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v), z.string().optional()).catch(undefined),
});

export const Route = createFileRoute("/_app/create-app")({
  validateSearch: (search) => CreateAppSearch.parse(search),
  component: CreateApp,
});

/** /create-app?prompt=…: creates the app from the prompt at once and opens its editor; no prompt goes Home. */
function CreateApp() {
  const { prompt } = Route.useSearch();
  const navigate = useNavigate();
  const create = useCreateApp({ replace: true });
  const started = useRef(false);
  const description = typeof prompt === "string" ? prompt.trim() : "";

  const start = () =>
    create.mutate(
      { user_description: description },
      {
        onError: (err) => {
          if (!isOutOfCredits(err)) window.alert(CREATE_FAILED);
        },
      },
    );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!description) void navigate({ to: "/", replace: true });
    else start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!description) return null;
  return (
    <Container maxW="lg" py={{ base: "16", md: "24" }}>
      {create.isError ? (
        <Stack gap="4" data-testid="create-app-error">
          {isOutOfCredits(create.error) ? (
            <OutOfCredits detail={detailOf(create.error)} />
          ) : (
            <Text fontWeight="semibold">{CREATE_FAILED}</Text>
          )}
          <HStack gap="3">
            <Button colorPalette="brand" onClick={start}>
              Try again
            </Button>
            <Button variant="outline" asChild>
              <RouterLink to="/">Back to Home</RouterLink>
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="4" align="center" textAlign="center" data-testid="create-app-pending">
          <Spinner size="lg" color="brand.solid" />
          <Text fontWeight="semibold" fontSize="lg">
            Creating your app…
          </Text>
          <Text color="fg.muted" lineClamp={3}>
            {description}
          </Text>
        </Stack>
      )}
    </Container>
  );
}
