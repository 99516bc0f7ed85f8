import { Button, Card, Field, HStack, Heading, IconButton, Input, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { Check, Info, KeyRound, Pencil, Plus, Trash2, X } from "lucide-react";
import { useEffect, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { appQuery } from "../../../api/apps";
import { ApiError } from "../../../api/client";
import { Secrets, appSecretsQuery } from "../../../api/secrets";
import { KilnDialog } from "../../ui/Dialog";
import { toaster } from "../../ui/toaster";

/** Secrets toasts last 3000 ms (spec 02 §8). */
const DURATION = 3000;

function failed(title: string, err: unknown) {
  toaster.remove();
  const detail = err instanceof ApiError && err.detail ? err.detail : "Something went wrong";
  toaster.error({ title, description: detail, duration: DURATION });
}

function done(title: string) {
  toaster.remove();
  toaster.success({ title, duration: DURATION });
}

/**
 * The app's secrets (spec 02 §2 "Secrets"): names only — values go in and never come back —
 * an add dialog, update and delete per name, and an info card. A newly created name is
 * announced in the chat by the server ("I've added {names} secrets").
 */
export function SecretsView({ app }: { app: App }) {
  const client = useQueryClient();
  const list = useQuery(appSecretsQuery(app.id));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  useEffect(() => {
    if (list.isError) failed("Error fetching secrets", list.error);
  }, [list.isError, list.error]);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: appSecretsQuery(app.id).queryKey });
    // the chat's "I've added … secrets" is not echoed to our own socket
    void client.invalidateQueries({ queryKey: appQuery(app.id).queryKey });
  };

  const create = useMutation({
    mutationFn: ({ name, value }: { name: string; value: string }) => Secrets.update(app.id, { [name]: value }),
    onSuccess: () => {
      done("Secret saved");
      setAdding(false);
      refresh();
    },
    onError: (err) => failed("Error creating secret", err),
  });
  const update = useMutation({
    mutationFn: ({ name, value }: { name: string; value: string }) => Secrets.update(app.id, { [name]: value }),
    onSuccess: () => {
      done("Secret updated");
      setEditing(null);
      refresh();
    },
    onError: (err) => failed("Error updating secret", err),
  });
  const remove = useMutation({
    mutationFn: (name: string) => Secrets.remove(app.id, name),
    onSuccess: () => {
      done("Secret deleted");
      refresh();
    },
    onError: (err) => failed("Error deleting secret", err),
  });

  const secrets = list.data?.secrets ?? [];

  return (
    <Stack p="6" gap="5" data-testid="secrets-view">
      <HStack justify="space-between">
        <Stack gap="1">
          <Heading size="lg">Secrets</Heading>
          <Text color="fg.muted" textStyle="sm">
            API keys and other values your backend functions need.
          </Text>
        </Stack>
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus /> Add Secret
        </Button>
      </HStack>

      <Card.Root variant="subtle" size="sm" data-testid="secrets-info">
        <Card.Body>
          <HStack align="start" gap="3">
            <Info size={18} />
            <Stack gap="1" textStyle="sm">
              <Text fontWeight="medium">How secrets work</Text>
              <Text color="fg.muted">
                Backend functions read a secret as an environment variable: <code>Deno.env.get("NAME")</code>. Values are encrypted, and are never shown again
                once saved — to change one, enter a new value.
              </Text>
            </Stack>
          </HStack>
        </Card.Body>
      </Card.Root>

      {list.isPending ? (
        <Spinner />
      ) : secrets.length === 0 ? (
        <Text color="fg.muted" data-testid="secrets-empty">
          No secrets yet.
        </Text>
      ) : (
        <Table.Root size="sm" data-testid="secrets-list">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Value</Table.ColumnHeader>
              <Table.ColumnHeader>Updated</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {secrets.map((secret) => (
              <Table.Row key={secret.name} data-testid={`secret-${secret.name}`}>
                <Table.Cell fontFamily="mono">
                  <HStack>
                    <KeyRound size={14} />
                    <span>{secret.name}</span>
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  {editing === secret.name ? (
                    <ValueEditor
                      name={secret.name}
                      saving={update.isPending}
                      onSave={(value) => (value.trim() === "" ? setEditing(null) : update.mutate({ name: secret.name, value }))}
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <Text color="fg.muted">••••••••</Text>
                  )}
                </Table.Cell>
                <Table.Cell color="fg.muted">{formatDistanceToNow(new Date(secret.updated_date), { addSuffix: true })}</Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack justify="end" gap="1">
                    <IconButton aria-label={`Update ${secret.name}`} size="xs" variant="ghost" onClick={() => setEditing(secret.name)}>
                      <Pencil />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${secret.name}`}
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      loading={remove.isPending && remove.variables === secret.name}
                      onClick={() => remove.mutate(secret.name)}
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}

      <AddSecretDialog open={adding} saving={create.isPending} onClose={() => setAdding(false)} onSave={(name, value) => create.mutate({ name, value })} />
    </Stack>
  );
}

function ValueEditor({ name, saving, onSave, onCancel }: { name: string; saving: boolean; onSave(value: string): void; onCancel(): void }) {
  const [value, setValue] = useState("");
  return (
    <HStack
      as="form"
      gap="1"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(value);
      }}
    >
      <Input size="xs" type="password" autoFocus aria-label={`New value of ${name}`} placeholder="New value" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <IconButton type="submit" aria-label="Save value" size="xs" variant="ghost" loading={saving}>
        <Check />
      </IconButton>
      <IconButton aria-label="Cancel" size="xs" variant="ghost" onClick={onCancel}>
        <X />
      </IconButton>
    </HStack>
  );
}

function AddSecretDialog({ open, saving, onClose, onSave }: { open: boolean; saving: boolean; onClose(): void; onSave(name: string, value: string): void }) {
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  useEffect(() => {
    if (open) {
      setName("");
      setValue("");
    }
  }, [open]);
  const ready = name.trim() !== "" && value.trim() !== "";
  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title="Add Secret"
      testId="add-secret-dialog"
      onSubmit={() => ready && onSave(name.trim(), value)}
      action={{ label: "Add Secret", disabled: !ready, loading: saving, tone: "neutral" }}
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>Name</Field.Label>
          <Input placeholder="API_KEY" fontFamily="mono" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Value</Field.Label>
          <Input type="password" placeholder="Value" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
        </Field.Root>
      </Stack>
    </KilnDialog>
  );
}
