import { Button, CloseButton, Drawer, Field, Input, InputGroup, NativeSelect, Portal, Stack, Switch, Text, Textarea } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { currencyOf } from "../../../../../schemas/money";
import { type FormValue, type Properties, type Property, fieldKind, recordFromForm, toFormValue } from "./records";

/**
 * The side sheet that adds or edits one record (spec 02 "Clicking a row opens an edit
 * side sheet"; widths 400 and 600): one field per schema property, its input chosen by
 * the property's JSON-schema type; a money field names its currency beside the amount.
 */
export function RecordSheet({
  open,
  title,
  properties,
  required,
  record,
  saving,
  onClose,
  onSave,
}: {
  open: boolean;
  title: string;
  properties: Properties;
  required?: string[];
  /** the record being edited; absent when adding */
  record?: Record<string, unknown>;
  saving: boolean;
  onClose(): void;
  /** the fields to send: all filled ones for a new record, the changed ones for an edit */
  onSave(fields: Record<string, unknown>): void;
}) {
  const [values, setValues] = useState<Record<string, FormValue>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setValues(
      Object.fromEntries(
        Object.entries(properties).map(([field, p]) => {
          const value = toFormValue(p, record ? record[field] : p.default);
          // a required choice starts on its first option, as the select shows it
          return [field, value === "" && fieldKind(p) === "select" && required?.includes(field) ? String(p.enum![0]) : value];
        }),
      ),
    );
    setError(null);
  }, [open, record, properties, required]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    try {
      onSave(recordFromForm(properties, values, record));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={{ base: "400px", sm: "600px" }} maxW="100vw" data-testid="record-sheet" asChild>
            <form onSubmit={submit}>
              <Drawer.Header>
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="4">
                  {Object.entries(properties).map(([field, p]) => (
                    <FieldInput
                      key={field}
                      field={field}
                      property={p}
                      required={required?.includes(field) ?? false}
                      value={values[field] ?? ""}
                      onChange={(v) => setValues((all) => ({ ...all, [field]: v }))}
                    />
                  ))}
                  {error && (
                    <Text color="fg.error" fontSize="sm" data-testid="record-sheet-error">
                      {error}
                    </Text>
                  )}
                </Stack>
              </Drawer.Body>
              <Drawer.Footer>
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving} data-testid="record-save">
                  Save
                </Button>
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            </form>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function FieldInput({ field, property, required, value, onChange }: { field: string; property: Property; required: boolean; value: FormValue; onChange(v: FormValue): void }) {
  const label = typeof property.title === "string" && property.title ? property.title : field;
  const kind = fieldKind(property);
  const description = typeof property.description === "string" ? property.description : undefined;
  const currency = currencyOf(field, property);

  if (kind === "switch") {
    return (
      <Switch.Root checked={value === true} onCheckedChange={(e) => onChange(e.checked)} data-testid={`field-${field}`}>
        <Switch.HiddenInput name={field} />
        <Switch.Control />
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
    );
  }

  return (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {kind === "select" ? (
        <NativeSelect.Root>
          <NativeSelect.Field name={field} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} data-testid={`field-${field}`}>
            {!required && <option value="">—</option>}
            {property.enum!.map((option) => (
              <option key={String(option)} value={String(option)}>
                {String(option)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : kind === "json" ? (
        <Textarea name={field} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} fontFamily="mono" fontSize="sm" rows={4} data-testid={`field-${field}`} />
      ) : currency ? (
        <InputGroup endElement={<Text data-testid={`currency-${field}`}>{currency}</Text>}>
          <Input name={field} type="number" step="any" value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} data-testid={`field-${field}`} />
        </InputGroup>
      ) : (
        <Input
          name={field}
          type={kind === "number" ? "number" : kind === "date" ? "date" : kind === "datetime" ? "datetime-local" : "text"}
          step={kind === "number" ? "any" : undefined}
          value={String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          data-testid={`field-${field}`}
        />
      )}
      {description && <Field.HelperText>{description}</Field.HelperText>}
    </Field.Root>
  );
}
