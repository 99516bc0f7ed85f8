import { Badge, Box, Button, Field, HStack, Heading, Input, NativeSelect, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CONTEXT_SIZE_MAX, CONTEXT_SIZE_MIN, type ConnectionTest, type ModelProviders as Info, type ProviderInfo, type ProviderKind, type SaveProviderBody } from "../../../../schemas/providers";
import { messageOr } from "../../api/client";
import { Providers, modelProvidersQuery } from "../../api/providers";
import { toast } from "../ui/toaster";

type FieldName = "api_key" | "base_url" | "model" | "region" | "context_size";

/** What each kind's form asks for (the server checks the same, functions/core/providers/store.ts). */
const FORM: Record<ProviderKind, { field: FieldName; label: string; placeholder?: string; required?: boolean }[]> = {
  anthropic: [
    { field: "api_key", label: "API key", required: true },
    { field: "base_url", label: "Base URL (optional)", placeholder: "https://api.anthropic.com" },
    { field: "model", label: "Default model (optional)", placeholder: "claude-sonnet-4-20250514" },
  ],
  google: [
    { field: "api_key", label: "API key", required: true },
    { field: "base_url", label: "Base URL (optional)", placeholder: "https://generativelanguage.googleapis.com/v1beta" },
    { field: "model", label: "Default model (optional)", placeholder: "gemini-2.5-pro" },
  ],
  bedrock: [
    { field: "model", label: "Model or inference profile id", placeholder: "us.anthropic.claude-sonnet-4-20250514-v1:0", required: true },
    { field: "region", label: "Region (optional)", placeholder: "us-east-1" },
    { field: "api_key", label: "Bedrock API key (optional: else the server's AWS credentials)" },
  ],
  "openai-compatible": [
    { field: "base_url", label: "Base URL", placeholder: "http://localhost:11434/v1", required: true },
    { field: "model", label: "Model", placeholder: "qwen2.5-coder:14b", required: true },
    { field: "context_size", label: "Context size (tokens)", placeholder: "32768", required: true },
    { field: "api_key", label: "API key (optional)" },
  ],
};

type Form = Record<FieldName, string>;
const formOf = (p: ProviderInfo): Form => ({
  api_key: "",
  base_url: p.base_url ?? "",
  model: p.model ?? "",
  region: p.source === "stored" ? (p.region ?? "") : "",
  context_size: p.context_size ? String(p.context_size) : "",
});

/** The form's errors, checked before sending; the context size is the one Ollama would otherwise leave at 2,048. */
export function providerFormErrors(kind: ProviderKind, form: Form, keySaved: boolean): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const { field, label, required } of FORM[kind]) {
    if (required && field !== "context_size" && !form[field].trim() && !(field === "api_key" && keySaved)) errors[field] = `${label} is required`;
  }
  if (kind === "openai-compatible") {
    const size = Number(form.context_size);
    if (!Number.isInteger(size) || size < CONTEXT_SIZE_MIN || size > CONTEXT_SIZE_MAX)
      errors.context_size = `Set the context size explicitly, ${CONTEXT_SIZE_MIN.toLocaleString("en-US")}–${CONTEXT_SIZE_MAX.toLocaleString("en-US")} tokens: Ollama's default (2,048) silently drops the system prompt`;
  }
  return errors;
}

function bodyOf(kind: ProviderKind, form: Form): SaveProviderBody {
  const text = (field: FieldName) => form[field].trim() || null;
  const takes = new Set(FORM[kind].map((f) => f.field));
  return {
    ...(form.api_key.trim() ? { api_key: form.api_key.trim() } : {}),
    ...(takes.has("base_url") ? { base_url: text("base_url") } : {}),
    ...(takes.has("model") ? { model: text("model") } : {}),
    ...(takes.has("region") ? { region: text("region") } : {}),
    ...(takes.has("context_size") ? { context_size: form.context_size.trim() ? Number(form.context_size) : null } : {}),
  };
}

function TestResult({ result }: { result: ConnectionTest }) {
  return result.ok ? (
    <Text color="green.fg" fontSize="sm">
      Connected: {result.model} answered in {result.latency_ms} ms
    </Text>
  ) : (
    <Text color="red.fg" fontSize="sm" wordBreak="break-word">
      {result.error}
    </Text>
  );
}

function ProviderCard({ provider }: { provider: ProviderInfo }) {
  const client = useQueryClient();
  const { kind } = provider;
  const [form, setForm] = useState<Form>(() => formOf(provider));
  const [shown, setShown] = useState<Partial<Record<FieldName, string>>>({});
  const [result, setResult] = useState<ConnectionTest | null>(null);
  const fromEnvironment = provider.source === "environment";
  const updated = (info: Info) => {
    client.setQueryData(modelProvidersQuery.queryKey, info);
    const next = info.providers.find((p) => p.kind === kind);
    if (next) setForm(formOf(next));
  };
  const save = useMutation({
    mutationFn: () => Providers.save(kind, bodyOf(kind, form)),
    onSuccess: (info) => (updated(info), setResult(null), toast.success(`${provider.label} saved`)),
    onError: (err) => toast.error(messageOr(err, `Failed to save ${provider.label}`)),
  });
  const remove = useMutation({
    mutationFn: () => Providers.remove(kind),
    onSuccess: (info) => (updated(info), setResult(null), toast.success(`${provider.label} removed`)),
    onError: (err) => toast.error(messageOr(err, `Failed to remove ${provider.label}`)),
  });
  const test = useMutation({
    mutationFn: () => Providers.test(kind),
    onSuccess: setResult,
    onError: (err) => setResult({ ok: false, model: null, error: messageOr(err, "The test could not run") }),
  });

  return (
    <Stack as="section" borderWidth="1px" rounded="lg" p="4" gap="3" data-testid={`provider-${kind}`}>
      <HStack justify="space-between">
        <Heading size="md">{provider.label}</Heading>
        <Badge colorPalette={provider.source === "none" ? "gray" : "green"} data-testid={`provider-source-${kind}`}>
          {fromEnvironment ? "Set by environment" : provider.source === "stored" ? "Configured" : "Not configured"}
        </Badge>
      </HStack>
      {provider.serves_as && (
        <Text fontSize="sm" color="fg.muted">
          Serves the default model as {provider.serves_as}
        </Text>
      )}
      {fromEnvironment ? (
        <Text fontSize="sm" data-testid={`provider-env-note-${kind}`}>
          The server's environment configures this provider, and it wins over settings saved here
          {provider.api_key.set ? ` (API key ending ${provider.api_key.last4})` : ""}.
        </Text>
      ) : (
        <Stack
          as="form"
          gap="3"
          onSubmit={(e) => {
            e.preventDefault();
            const errors = providerFormErrors(kind, form, provider.api_key.set);
            setShown(errors);
            if (!Object.keys(errors).length && !save.isPending) save.mutate();
          }}
        >
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {FORM[kind].map(({ field, label, placeholder }) => (
              <Field.Root key={field} invalid={!!shown[field]}>
                <Field.Label>{label}</Field.Label>
                <Input
                  type={field === "api_key" ? "password" : field === "context_size" ? "number" : "text"}
                  autoComplete="off"
                  placeholder={field === "api_key" && provider.api_key.set ? `Saved, ending ${provider.api_key.last4}: leave blank to keep it` : placeholder}
                  value={form[field]}
                  onChange={(e) => {
                    const value = e.target.value;
                    setForm((f) => ({ ...f, [field]: value }));
                    setShown((s) => ({ ...s, [field]: undefined }));
                  }}
                  data-testid={`provider-${kind}-${field}`}
                />
                <Field.ErrorText>{shown[field]}</Field.ErrorText>
              </Field.Root>
            ))}
          </SimpleGrid>
          <HStack gap="2" wrap="wrap">
            <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid={`provider-save-${kind}`}>
              Save
            </Button>
            {provider.source === "stored" && (
              <Button variant="outline" colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate()} data-testid={`provider-remove-${kind}`}>
                Remove
              </Button>
            )}
          </HStack>
        </Stack>
      )}
      {provider.source !== "none" && (
        <Stack gap="1" align="start">
          <Button size="sm" variant="outline" loading={test.isPending} onClick={() => test.mutate()} data-testid={`provider-test-${kind}`}>
            Test connection
          </Button>
          <Box data-testid={`provider-test-result-${kind}`}>{result && <TestResult result={result} />}</Box>
        </Stack>
      )}
    </Stack>
  );
}

function DefaultModel({ info }: { info: Info }) {
  const client = useQueryClient();
  const choose = useMutation({
    mutationFn: (provider: Info["default"]["provider"]) => Providers.setDefault(provider),
    onSuccess: (next) => (client.setQueryData(modelProvidersQuery.queryKey, next), toast.success("Default model saved")),
    onError: (err) => toast.error(messageOr(err, "Failed to save the default model")),
  });
  const { serving, from_environment } = info.default;
  const configured = info.providers.filter((p) => p.source !== "none");
  return (
    <Stack as="section" borderWidth="1px" rounded="lg" p="4" gap="2" data-testid="default-model">
      <Heading size="md">Default model</Heading>
      <Text fontSize="sm" color="fg.muted">
        Serves new apps and every app whose model is “Default”.
      </Text>
      <NativeSelect.Root disabled={from_environment || choose.isPending} maxW="md">
        <NativeSelect.Field
          value={info.default.provider ?? ""}
          onChange={(e) => choose.mutate(e.currentTarget.value === "" ? null : (e.currentTarget.value as ProviderKind | "offline"))}
          data-testid="default-model-select"
        >
          <option value="">Automatic: the first configured provider</option>
          {configured.map((p) => (
            <option key={p.kind} value={p.kind}>
              {p.label}
              {p.serves_as ? ` · ${p.serves_as}` : ""}
            </option>
          ))}
          <option value="offline">The offline engine</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {from_environment && <Text fontSize="sm">Set by KILN_DEFAULT_MODEL_PROVIDER on the server, which wins over this choice.</Text>}
      <Text fontSize="sm" data-testid="default-model-serving">
        Serving now: {serving ? `${serving.model} (${info.providers.find((p) => p.kind === serving.provider)?.label ?? serving.provider})` : "the offline engine"}
      </Text>
    </Stack>
  );
}

/** Model providers (issue 23): keys write-only, a test connection per provider, the default model. */
export function ModelProviders() {
  const info = useQuery(modelProvidersQuery);
  if (info.isPending) return <Spinner mt="6" />;
  if (info.isError) return <Text mt="6">{messageOr(info.error, "Failed to load the model providers")}</Text>;
  return (
    <Stack gap="4" pt="4" data-testid="model-providers">
      <Text fontSize="sm" color="fg.muted">
        Keys are write-only: once saved, only their last 4 characters are shown. A provider set by the server's environment variables is used as set there.
      </Text>
      <DefaultModel info={info.data} />
      {info.data.providers.map((p) => (
        <ProviderCard key={p.kind} provider={p} />
      ))}
    </Stack>
  );
}
