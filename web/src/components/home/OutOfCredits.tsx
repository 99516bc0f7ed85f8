import { Alert, Link } from "@chakra-ui/react";

/** 402 on creating an app: the server's "Out of credits" with an Upgrade link (spec 01 §8 Low credit). */
export function OutOfCredits({ detail }: { detail: string }) {
  return (
    <Alert.Root status="warning" rounded="xl" data-testid="out-of-credits">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{detail || "Out of credits"}</Alert.Title>
        <Alert.Description>
          <Link href="/billing" fontWeight="semibold" color="brand.fg" textDecoration="underline">
            Upgrade
          </Link>{" "}
          to keep building.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
