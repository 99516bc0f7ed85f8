import { Alert, CloseButton, Link, Stack, Text } from "@chakra-ui/react";

/** Why files were not attached, with a pointer to ask for more file types (spec 01 §2). Dismissible. */
export function AttachmentErrors({ errors, onDismiss }: { errors: string[]; onDismiss: () => void }) {
  if (errors.length === 0) return null;
  return (
    <Alert.Root status="error" rounded="xl" data-testid="attachment-error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Stack gap="1">
          {errors.map((message, i) => (
            <Alert.Title key={i} fontWeight="medium">
              {message}
            </Alert.Title>
          ))}
          <Text fontSize="sm" color="fg.muted">
            Need another file type?{" "}
            <Link href="/support" color="fg" textDecoration="underline">
              Tell us through Support.
            </Link>
          </Text>
        </Stack>
      </Alert.Content>
      <CloseButton size="sm" alignSelf="flex-start" aria-label="Dismiss" onClick={onDismiss} data-testid="dismiss-attachment-error" />
    </Alert.Root>
  );
}
