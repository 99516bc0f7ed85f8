import { Button, Card, Field, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { SECRET_VALUES_REQUIRED } from "../../../../schemas/secrets";

interface Props {
  name: string;
  secretNames: string[];
  pending: boolean;
  onSubmit(values: Record<string, string>): void;
}

/** Spec 03 §4 Remix (b), §5: a value for every secret the app uses; a blank one is not accepted. */
export function RemixSecretsForm({ name, secretNames, pending, onSubmit }: Props) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const blank = (secret: string) => !values[secret]?.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (secretNames.some(blank)) return;
    onSubmit(Object.fromEntries(secretNames.map((secret) => [secret, values[secret].trim()])));
  };

  return (
    <Card.Root asChild data-testid="remix-secrets-form">
      <form onSubmit={submit} noValidate>
        <Card.Header>
          <Heading size="lg">Remix {name}</Heading>
          <Text color="fg.muted" fontSize="sm">
            This app uses secrets. Enter your own values: the original app's values are never copied.
          </Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            {secretNames.map((secret) => (
              <Field.Root key={secret} required invalid={tried && blank(secret)} disabled={pending}>
                <Field.Label fontFamily="mono" fontSize="sm">
                  {secret}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  type="password"
                  autoComplete="new-password"
                  spellCheck={false}
                  placeholder={`Paste your ${secret}`}
                  value={values[secret] ?? ""}
                  onChange={(e) => setValues((v) => ({ ...v, [secret]: e.target.value }))}
                  data-testid={`remix-secret-${secret}`}
                />
                <Field.ErrorText>{SECRET_VALUES_REQUIRED}</Field.ErrorText>
              </Field.Root>
            ))}
          </Stack>
        </Card.Body>
        <Card.Footer justifyContent="flex-end">
          <Button type="submit" colorPalette="brand" loading={pending} loadingText="Remixing…" data-testid="remix-submit">
            Remix App
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
