import { Alert, Box, Button, Code, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { App } from "../../../../../schemas/app";
import { catalogItemQuery, catalogListQuery } from "../../../api/catalog";
import { detailOf } from "../../../api/client";
import { type InstalledRow, endpointSchemaQuery, installedRows, useRemovePackage } from "../../../api/packages";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toaster } from "../../ui/toaster";
import { sectionFrame } from "./sectionFrame";

/**
 * App Settings → Integrations (issue 11): the catalogue packages installed in the app, each with
 * its endpoints as the app's code calls them and a Remove; the packages the code calls without
 * having them installed; an empty state that leads to the catalogue.
 */
export function IntegrationsSection({ app, highlighted }: { app: App; highlighted: boolean }) {
  const schema = useQuery(endpointSchemaQuery(app.id));
  const remove = useRemovePackage(app.id);
  const [removing, setRemoving] = useState<InstalledRow | null>(null);
  const rows = installedRows(app.installable_integrations, schema.data);
  const missing = schema.data?.missing_packages ?? [];

  const confirmRemove = () => {
    if (!removing) return;
    const { name, catalogItemId } = removing;
    remove.mutate(
      { pkg: name, ref: catalogItemId },
      {
        onSuccess: () => {
          setRemoving(null);
          toaster.remove();
          toaster.success({ title: `${name} removed` });
        },
        onError: (err) => {
          setRemoving(null);
          toaster.remove();
          toaster.error({ title: `Failed to remove ${name}`, description: detailOf(err) });
        },
      },
    );
  };

  return (
    <Stack {...sectionFrame("integrations", highlighted)} gap="3">
      <Stack gap="1">
        <Text fontWeight="medium">Integrations</Text>
        <Text fontSize="sm" color="fg.muted">
          Packages from the integrations catalogue, called by the app's code as base44.integrations.&lt;Package&gt;.&lt;Endpoint&gt;(...) with the keys in its Secrets.
        </Text>
      </Stack>

      {rows.length === 0 ? (
        <Stack gap="1" fontSize="sm" data-testid="integrations-empty">
          <Text>No integrations installed</Text>
          <Link asChild color="brand.fg" textDecoration="underline" alignSelf="flex-start">
            <RouterLink to="/integrations-catalog">Browse the integrations catalogue</RouterLink>
          </Link>
        </Stack>
      ) : (
        <Stack gap="2" data-testid="integrations-installed">
          {rows.map((row) => (
            <PackageRow key={row.name} row={row} onRemove={() => setRemoving(row)} />
          ))}
        </Stack>
      )}

      {schema.isError && (
        <Text fontSize="sm" color="fg.error" data-testid="integrations-schema-error">
          {detailOf(schema.error)}
        </Text>
      )}
      {missing.map((name) => (
        <MissingPackage key={name} name={name} />
      ))}

      <ConfirmDialog
        confirmation={
          removing && {
            title: `Remove ${removing.name}?`,
            text: `The app's code can no longer call base44.integrations.${removing.name}. Its secrets stay in Secrets.`,
            action: "Remove",
          }
        }
        pending={remove.isPending}
        testIds={{ dialog: "integration-remove-dialog", action: "integration-remove-confirm" }}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

function PackageRow({ row, onRemove }: { row: InstalledRow; onRemove(): void }) {
  const item = useQuery(catalogItemQuery(row.catalogItemId));
  return (
    <HStack justify="space-between" align="flex-start" gap="4" borderWidth="1px" rounded="md" p="3" data-testid={`integration-${row.name}`}>
      <Stack gap="1" minW="0">
        <Text fontWeight="medium" data-testid="integration-name">
          {row.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          From{" "}
          <Link asChild color="brand.fg">
            <RouterLink to="/integrations-catalog/item/$itemId" params={{ itemId: row.catalogItemId }} data-testid="integration-source">
              {item.data?.item.name ?? row.catalogItemId}
            </RouterLink>
          </Link>
          , installed {new Date(row.installedDate).toLocaleDateString()}
        </Text>
        {row.calls.map((c) => (
          <Box key={c}>
            <Code fontSize="xs" data-testid="integration-endpoint">
              {c}
            </Code>
          </Box>
        ))}
      </Stack>
      <Button size="sm" variant="outline" colorPalette="red" onClick={onRemove} data-testid={`integration-remove-${row.name}`}>
        <Trash2 /> Remove
      </Button>
    </HStack>
  );
}

/** A package the code calls but the app lacks; the catalogue item that has it, when the catalogue knows one. */
function MissingPackage({ name }: { name: string }) {
  const catalog = useQuery(catalogListQuery);
  const source = catalog.data?.find((e) => e.package?.name === name);
  return (
    <Alert.Root status="warning" size="sm" data-testid="integration-missing">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          The app's code calls base44.integrations.{name}, which is not installed.{" "}
          <Link asChild color="brand.fg" textDecoration="underline">
            {source ? (
              <RouterLink to="/integrations-catalog/item/$itemId" params={{ itemId: source.item.id }}>
                Add {source.item.name}
              </RouterLink>
            ) : (
              <RouterLink to="/integrations-catalog">Find it in the catalogue</RouterLink>
            )}
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
