import { Button, Card, Field, HStack, Input, Spinner, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { SECRET_VALUES_REQUIRED, SECRET_VALUES_REQUIRED_TITLE, type SecretRequestItem } from "../../../../schemas/secrets";
import { appQuery } from "../../api/apps";
import { Secrets, appSecretsQuery } from "../../api/secrets";
import { toaster } from "../ui/toaster";
import { SecretRequestMessages, pendingSecrets, secretValues, setFailure } from "./secretRequest";

/**
 * The secrets form under an assistant message that asks for them (spec 01 §3 Secret request, §5,
 * §8): one masked input per name the app does not hold yet, with what to paste under it. Saved
 * as one map; the server then adds "I've added {names} secrets" to the chat. Once the app holds
 * every name, the card lists them as set — names only, never values.
 */
export function SecretRequestCard({ appId, request }: { appId: string; request: SecretRequestItem[] }) {
  const client = useQueryClient();
  const held = useQuery(appSecretsQuery(appId));
  const [values, setValues] = useState<Record<string, string>>({});
  // when the list cannot be read, every name is asked for: a save still works or says why not
  const heldNames = held.data ? held.data.secrets.map((s) => s.name) : held.isError ? [] : null;
  const pending = heldNames ? pendingSecrets(request, heldNames) : null;
  const names = [...new Set(request.map((item) => item.secretName))];

  const save = useMutation({
    mutationFn: (map: Record<string, string>) => Secrets.update(appId, map),
    onSuccess: (result) => {
      client.setQueryData(appSecretsQuery(appId).queryKey, { secrets: result.secrets });
      setValues({});
      toaster.remove();
      toaster.success({ title: SecretRequestMessages.SAVED_TITLE, description: SecretRequestMessages.SAVED_DESCRIPTION });
      // the chat's "I've added … secrets" is not echoed to our own socket
      void client.invalidateQueries({ queryKey: appQuery(appId).queryKey });
    },
    onError: (err) => {
      toaster.remove();
      toaster.error({ title: SecretRequestMessages.FAILED_TITLE, description: setFailure(err) });
    },
  });

  const submit = () => {
    if (!pending || save.isPending) return;
    const map = secretValues(pending, values);
    if (!map) {
      toaster.remove();
      toaster.error({ title: SECRET_VALUES_REQUIRED_TITLE, description: SECRET_VALUES_REQUIRED });
      return;
    }
    save.mutate(map);
  };

  if (pending && pending.length === 0) {
    return (
      <Card.Root size="sm" variant="subtle" data-testid="secret-request" data-state="set">
        <Card.Body gap="2">
          <HStack gap="2" color="green.fg">
            <CircleCheck size={16} />
            <Text fontWeight="medium">Secrets set</Text>
          </HStack>
          <HStack gap="2" wrap="wrap">
            {names.map((name) => (
              <Text key={name} fontFamily="mono" fontSize="sm" data-testid="secret-request-set">
                {name}
              </Text>
            ))}
          </HStack>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root size="sm" data-testid="secret-request" data-state="pending">
      <Card.Body
        as="form"
        gap="3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          submit();
        }}
      >
        <HStack gap="2">
          <KeyRound size={16} />
          <Text fontWeight="medium">Secrets needed</Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Your backend functions read these values. They are encrypted and never shown again.
        </Text>
        {!pending ? (
          <Spinner size="sm" />
        ) : (
          <Stack gap="3">
            {pending.map((item) => (
              <Field.Root key={item.secretName}>
                <Field.Label fontFamily="mono">{item.secretName}</Field.Label>
                <Input
                  type="password"
                  autoComplete="off"
                  size="sm"
                  aria-label={item.secretName}
                  value={values[item.secretName] ?? ""}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setValues((v) => ({ ...v, [item.secretName]: value }));
                  }}
                  data-testid={`secret-request-input-${item.secretName}`}
                />
                {item.description && <Field.HelperText>{item.description}</Field.HelperText>}
              </Field.Root>
            ))}
            <Button type="submit" size="sm" alignSelf="start" colorPalette="brand" disabled={save.isPending} loading={save.isPending} data-testid="secret-request-save">
              Save
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
