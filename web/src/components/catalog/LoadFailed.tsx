import { Button, Text, VStack } from "@chakra-ui/react";
import { useRouter } from "@tanstack/react-router";

/** A catalogue screen whose data did not load: the spec's words and, where it offers one, Try Again. */
export function LoadFailed({ message, retry = true, testId }: { message: string; retry?: boolean; testId: string }) {
  const router = useRouter();
  return (
    <VStack py="24" gap="4" px="6" textAlign="center" data-testid={testId}>
      <Text fontWeight="semibold">{message}</Text>
      {retry ? (
        <Button colorPalette="brand" onClick={() => void router.invalidate()}>
          Try Again
        </Button>
      ) : (
        <Button variant="outline" onClick={() => void router.navigate({ to: "/integrations-catalog" })}>
          Back to the catalog
        </Button>
      )}
    </VStack>
  );
}
