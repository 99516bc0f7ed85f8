import { Alert, Badge, Box, Card, CloseButton, HStack, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { KeyRound, Plug } from "lucide-react";
import type { CatalogItem } from "../../../../schemas/catalog";
import { SecretField } from "./SecretField";
import type { Integrations, UnavailableIntegration } from "./useIntegrations";

interface Props {
  integrations: Integrations;
  onRemove: (id: string) => void;
  onDismissUnavailable: () => void;
  /** show which required secrets are blank (after a refused submit) */
  showBlank: boolean;
  disabled: boolean;
}

/** The integrations preloaded from `?integrations=` (spec 01 §2): removable cards and, per required secret, a masked field. */
export function IntegrationPicker({ integrations, onRemove, onDismissUnavailable, showBlank, disabled }: Props) {
  const { items, unavailable, required, pending } = integrations;
  if (!items.length && !unavailable.length && !pending) return null;
  return (
    <Stack gap="4" data-testid="integration-picker">
      <UnavailableNote unavailable={unavailable} onDismiss={onDismissUnavailable} />
      {(items.length > 0 || pending > 0) && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {items.map((item) => (
            <IntegrationCard key={item.id} item={item} onRemove={() => onRemove(item.id)} disabled={disabled} />
          ))}
          {Array.from({ length: pending }, (_, i) => (
            <Skeleton key={i} h="20" rounded="xl" />
          ))}
        </SimpleGrid>
      )}
      {required.length > 0 && (
        <Box bg="bg" borderWidth="1px" rounded="xl" p={{ base: "4", md: "5" }} data-testid="integration-secrets">
          <HStack gap="2" mb="1">
            <KeyRound size={16} />
            <Text fontWeight="semibold">API keys</Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted" mb="4">
            Stored encrypted with your app and only readable by its backend functions. Values are never shown again.
          </Text>
          <Stack gap="5">
            {required.map((secret) => (
              <SecretField
                key={secret.name}
                secret={secret}
                entry={integrations.entryOf(secret.name)}
                onChange={(patch) => integrations.setEntry(secret.name, patch)}
                existing={integrations.existing}
                invalid={showBlank && integrations.isBlank(secret.name)}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function IntegrationCard({ item, onRemove, disabled }: { item: CatalogItem; onRemove: () => void; disabled: boolean }) {
  return (
    <Card.Root size="sm" variant="outline" bg="bg" rounded="xl" data-testid={`integration-card-${item.id}`}>
      <Card.Body>
        <HStack align="flex-start" gap="3">
          <Box flexShrink={0} boxSize="9" rounded="lg" bg="brand.subtle" color="brand.fg" display="grid" placeItems="center" overflow="hidden">
            {item.image_url ? <img src={item.image_url} alt="" width={36} height={36} /> : <Plug size={18} />}
          </Box>
          <Stack gap="0.5" flex="1" minW="0">
            <HStack gap="2">
              <Text fontWeight="semibold" truncate>
                {item.name}
              </Text>
              {item.official && (
                <Badge size="sm" colorPalette="orange" variant="subtle">
                  Official
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
              {item.description}
            </Text>
          </Stack>
          <CloseButton size="xs" aria-label={`Remove ${item.name}`} onClick={onRemove} disabled={disabled} data-testid={`remove-integration-${item.id}`} />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function UnavailableNote({ unavailable, onDismiss }: { unavailable: UnavailableIntegration[]; onDismiss: () => void }) {
  if (!unavailable.length) return null;
  const quoted = (list: UnavailableIntegration[]) => list.map((u) => `"${u.id}"`).join(", ");
  const missing = unavailable.filter((u) => u.reason === "not_found");
  const failed = unavailable.filter((u) => u.reason === "failed");
  return (
    <Alert.Root status="warning" rounded="xl" data-testid="unknown-integrations" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {missing.length > 0 && (
          <Alert.Title fontWeight="medium">
            {missing.length === 1 ? "Integration" : "Integrations"} {quoted(missing)} {missing.length === 1 ? "is" : "are"} not in the catalogue, or not shared with you. Your app will be
            created without {missing.length === 1 ? "it" : "them"}.
          </Alert.Title>
        )}
        {failed.length > 0 && <Alert.Title fontWeight="medium">Could not load {quoted(failed)} right now. Reload the page to try again.</Alert.Title>}
      </Alert.Content>
      <CloseButton size="sm" alignSelf="flex-start" aria-label="Dismiss" onClick={onDismiss} data-testid="dismiss-unknown-integrations" />
    </Alert.Root>
  );
}
