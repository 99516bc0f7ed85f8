import { Button, Container, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, createFileRoute } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import * as z from "zod";
import { detailOf } from "../../api/client";
import { OutOfCredits } from "../../components/home/OutOfCredits";
import { isOutOfCredits, useCreateApp } from "../../components/home/useCreateApp";

/** What the prompt-start route says when creation fails without a message of its own (spec 02 §8). */
const ERROR_CREATING_APP = "Error creating app";

/** The router reads `?prompt=42` as a number; any scalar is taken as text. */
const CreateAppSearch = z.object({
  prompt: z.preprocess((v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v), z.string().optional()).catch(undefined),
});

export const Route = createFileRoute("/_app/create-app")({
  validateSearch: (search) => CreateAppSearch.parse(search),
  component: CreateApp,
});

/**
 * /create-app?prompt=… (spec 02 Prompt-start): creates the app from the prompt at once and opens
 * its editor. No prompt shows 'No prompt provided'; a failure shows its message or 'Error creating app'.
 */
function CreateApp() {
  const { prompt } = Route.useSearch();
  const create = useCreateApp({ replace: true });
  const started = useRef(false);
  const description = typeof prompt === "string" ? prompt.trim() : "";

  const start = () =>
    create.mutate(
      { user_description: description },
      {
        onError: () => undefined,
      },
    );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (description) start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the app is created once, on arrival, from the prompt it came with
  }, []);

  if (!description)
    return (
      <Container maxW="lg" py={{ base: "16", md: "24" }}>
        <Stack gap="4" align="center" textAlign="center" data-testid="create-app-no-prompt">
          <Text fontWeight="semibold" fontSize="lg">
            No prompt provided
          </Text>
          <Button variant="outline" asChild>
            <RouterLink to="/">Back to Home</RouterLink>
          </Button>
        </Stack>
      </Container>
    );
  return (
    <Container maxW="lg" py={{ base: "16", md: "24" }}>
      {create.isError ? (
        <Stack gap="4" data-testid="create-app-error">
          {isOutOfCredits(create.error) ? (
            <OutOfCredits detail={detailOf(create.error)} />
          ) : (
            <Text fontWeight="semibold">{detailOf(create.error) || ERROR_CREATING_APP}</Text>
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
