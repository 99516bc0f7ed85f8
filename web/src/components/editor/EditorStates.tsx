import { Box, Button, HStack, Heading, Link, Spinner, Text, VStack } from "@chakra-ui/react";
import { AlertTriangle, FileQuestion, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { detailOf } from "../../api/client";
import { links } from "./links";

/** The editor fills the screen below the common header (56 px and its border). */
export const EDITOR_HEIGHT = "calc(100dvh - 57px)";

function Centered({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <VStack h={EDITOR_HEIGHT} justify="center" gap="4" px="6" textAlign="center" data-testid={testId}>
      {children}
    </VStack>
  );
}

export function AppLoading() {
  return (
    <Centered testId="editor-loading">
      <Spinner size="lg" color="brand.solid" />
      <Text color="fg.muted" fontSize="sm">
        Loading app…
      </Text>
    </Centered>
  );
}

export function AppNotFound() {
  return (
    <Centered testId="app-not-found">
      <Box color="fg.subtle">
        <FileQuestion size={40} />
      </Box>
      <Heading size="lg">App not found</Heading>
      <Text color="fg.muted" maxW="sm">
        It may have been deleted, or this link is not quite right.
      </Text>
    </Centered>
  );
}

/** 'Failed to load app  : {server message}' (two spaces, as the spec writes it), advice and a support link. */
export function AppLoadError({ appId, error, onRetry }: { appId: string; error: unknown; onRetry(): void }) {
  return (
    <Centered testId="app-load-error">
      <Box color="red.fg">
        <AlertTriangle size={36} />
      </Box>
      <Text fontWeight="semibold" whiteSpace="pre-wrap" data-testid="app-load-error-message">
        {`Failed to load app  : ${detailOf(error)}`}
      </Text>
      <Text color="fg.muted" fontSize="sm" maxW="md">
        Please refresh the page. If the problem persists,{" "}
        <Link href={links.support(appId)} target="_blank" rel="noreferrer" color="brand.fg" textDecoration="underline">
          contact support
        </Link>
        .
      </Text>
      <HStack>
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RefreshCw /> Try again
        </Button>
      </HStack>
    </Centered>
  );
}
