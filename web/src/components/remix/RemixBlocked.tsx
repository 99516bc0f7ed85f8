import { Button, Card, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { Lock } from "lucide-react";
import { REMIX_NEEDS_BACKEND_FUNCTIONS, REMIX_NOT_ALLOWED } from "../../../../schemas/remix";

/** Spec 03 §4 Remix (c), §6: the app needs backend functions, which the caller's plan does not include. */
export function RemixBlocked({ name }: { name: string }) {
  return (
    <Card.Root data-testid="remix-blocked">
      <Card.Body>
        <Stack gap="4" align="center" textAlign="center">
          <Lock size={28} aria-hidden />
          <Heading size="lg">{REMIX_NOT_ALLOWED}</Heading>
          <Text color="fg.muted">
            <Text as="span" fontWeight="semibold" color="fg">
              {name}
            </Text>
            : {REMIX_NEEDS_BACKEND_FUNCTIONS}
          </Text>
          <Button colorPalette="brand" asChild data-testid="remix-upgrade">
            <RouterLink to="/billing">Upgrade Subscription</RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
