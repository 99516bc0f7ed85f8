import { Field, HStack, IconButton, Input, InputGroup, NativeSelect, SegmentGroup } from "@chakra-ui/react";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import type { RequiredSecret } from "../../../../schemas/catalog";
import type { ExistingSecret } from "../../../../schemas/secrets";
import type { SecretEntry } from "./useIntegrations";

interface Props {
  secret: RequiredSecret;
  entry: SecretEntry;
  onChange: (patch: Partial<SecretEntry>) => void;
  existing: ExistingSecret[];
  invalid: boolean;
  disabled: boolean;
}

/** One required secret, entered masked as a new value or picked from the user's existing secrets (spec 01 §2). */
export function SecretField({ secret, entry, onChange, existing, invalid, disabled }: Props) {
  const [shown, setShown] = useState(false);
  const { name } = secret;

  const choose = (mode: string | null) => {
    if (mode !== "value" && mode !== "clone") return;
    // Reusing: a secret of the same name is the likely pick.
    const secretId = mode === "clone" && !entry.secretId ? (existing.find((s) => s.secret_name === name)?.id ?? "") : entry.secretId;
    onChange({ mode, secretId });
  };

  return (
    <Field.Root required invalid={invalid} disabled={disabled} data-testid={`secret-field-${name}`}>
      <HStack w="full" justify="space-between" gap="3" wrap="wrap">
        <Field.Label fontFamily="mono" fontSize="sm">
          {name}
          <Field.RequiredIndicator />
        </Field.Label>
        <SegmentGroup.Root size="xs" value={entry.mode} onValueChange={(e) => choose(e.value)} disabled={disabled} data-testid={`secret-mode-${name}`}>
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: "value", label: "New value" },
              { value: "clone", label: "Use existing secret", disabled: existing.length === 0 },
            ]}
          />
        </SegmentGroup.Root>
      </HStack>
      {entry.mode === "value" ? (
        <InputGroup
          endElement={
            <IconButton
              size="xs"
              variant="ghost"
              me="-2"
              aria-label={shown ? `Hide ${name}` : `Show ${name}`}
              title={shown ? "Hide value" : "Show value"}
              onClick={() => setShown((s) => !s)}
              disabled={disabled}
              data-testid={`secret-toggle-${name}`}
            >
              {shown ? <EyeOff /> : <Eye />}
            </IconButton>
          }
        >
          <Input
            type={shown ? "text" : "password"}
            autoComplete="new-password"
            spellCheck={false}
            fontFamily={shown ? "mono" : undefined}
            placeholder={`Paste your ${name}`}
            value={entry.value}
            onChange={(e) => onChange({ value: e.target.value })}
            data-testid={`secret-input-${name}`}
          />
        </InputGroup>
      ) : (
        <NativeSelect.Root>
          <NativeSelect.Field
            value={entry.secretId}
            onChange={(e) => onChange({ secretId: e.currentTarget.value })}
            aria-label={`Existing secret for ${name}`}
            data-testid={`secret-existing-${name}`}
          >
            <option value="">Choose one of your secrets…</option>
            {existing.map((s) => (
              <option key={s.id} value={s.id}>
                {s.secret_name} — {s.app_name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {secret.description && <Field.HelperText>{secret.description}</Field.HelperText>}
    </Field.Root>
  );
}
