import { Button, Field, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { Plus, Trash2 } from "lucide-react";
import { CatalogRules } from "../../../../schemas/catalog";

/** Example asks: one line each; blank ones are left out on save. */
export function AsksEditor({ asks, onChange }: { asks: string[]; onChange: (asks: string[]) => void }) {
  return (
    <Stack gap="2" data-testid="asks-editor">
      <Text fontWeight="medium" fontSize="sm">
        Example asks
      </Text>
      {asks.map((ask, i) => (
        <HStack key={i} gap="2">
          <Input
            value={ask}
            onChange={(e) => onChange(asks.map((a, j) => (j === i ? e.currentTarget.value : a)))}
            placeholder="Send a receipt when an order is placed"
            data-testid={`ask-${i}`}
          />
          <IconButton aria-label="Remove example" variant="ghost" size="sm" onClick={() => onChange(asks.filter((_, j) => j !== i))}>
            <Trash2 />
          </IconButton>
        </HStack>
      ))}
      <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onChange([...asks, ""])} disabled={asks.length >= 20} data-testid="add-ask">
        <Plus /> Add example
      </Button>
    </Stack>
  );
}

type Secret = { name: string; description: string };

/** Required secrets: a name (required) and a description (optional); blank rows are left out on save. */
export function SecretsEditor({ secrets, onChange, invalid }: { secrets: Secret[]; onChange: (secrets: Secret[]) => void; invalid: boolean }) {
  const edit = (i: number, patch: Partial<Secret>) => onChange(secrets.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Stack gap="2" data-testid="secrets-editor">
      <Text fontWeight="medium" fontSize="sm">
        Required secrets
      </Text>
      {secrets.map((secret, i) => (
        <HStack key={i} gap="2" align="flex-start">
          <Field.Root invalid={invalid && !secret.name.trim() && !!secret.description.trim()} w="56" flexShrink={0}>
            <Input
              value={secret.name}
              onChange={(e) => edit(i, { name: e.currentTarget.value })}
              placeholder="ACME_API_KEY"
              fontFamily="mono"
              data-testid={`secret-name-${i}`}
            />
            <Field.ErrorText>{CatalogRules.SECRET_NAME_REQUIRED}</Field.ErrorText>
          </Field.Root>
          <Input
            value={secret.description}
            onChange={(e) => edit(i, { description: e.currentTarget.value })}
            placeholder="Where to find it (optional)"
            data-testid={`secret-description-${i}`}
          />
          <IconButton aria-label="Remove secret" variant="ghost" size="sm" onClick={() => onChange(secrets.filter((_, j) => j !== i))}>
            <Trash2 />
          </IconButton>
        </HStack>
      ))}
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => onChange([...secrets, { name: "", description: "" }])}
        disabled={secrets.length >= 20}
        data-testid="add-secret"
      >
        <Plus /> Add secret
      </Button>
    </Stack>
  );
}
