import { Heading, Spinner, Text, VStack } from "@chakra-ui/react";
import { Hammer } from "lucide-react";
import type { App } from "../../../../schemas/app";

/** The app has no first version yet (app_stage pending): the workspace and preview wait for it. */
export const isPendingStage = (app: App) => app.app_stage === "pending";

/**
 * Spec 02 Layout: while the first version is being built, "Creating Your App" with the
 * status details; pending and idle (the first turn stopped or failed), "Let's Build Your App".
 */
export function AppStageScreen({ app }: { app: App }) {
  if (app.status.state === "processing") {
    return (
      <VStack h="full" justify="center" gap="4" px="6" textAlign="center" data-testid="creating-app">
        <Spinner size="lg" color="brand.solid" />
        <Heading size="lg">Creating Your App</Heading>
        <Text color="fg.muted" fontSize="sm" maxW="md" data-testid="creating-app-details">
          {app.status.details ?? "Working on it…"}
        </Text>
      </VStack>
    );
  }
  return (
    <VStack h="full" justify="center" gap="3" px="6" textAlign="center" data-testid="build-your-app">
      <Hammer size={36} />
      <Heading size="lg">Let's Build Your App</Heading>
      <Text color="fg.muted" fontSize="sm" maxW="md">
        Describe what your app should do in the chat, and the first version appears here.
      </Text>
    </VStack>
  );
}
