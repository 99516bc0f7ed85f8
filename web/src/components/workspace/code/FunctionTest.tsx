import { Alert, Badge, Box, Button, Code, Field, HStack, Stack, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Play } from "lucide-react";
import { useState } from "react";
import { FunctionMessages } from "../../../../../schemas/functions";
import { Functions, functionListQuery } from "../../../api/functions";
import { DEFAULT_PAYLOAD, parsePayload, testOutcome } from "./functionDisplay";

/**
 * Test a function (spec 02 §2, §5, §8): a JSON payload (Run waits until it parses), then the
 * answer as its status and pretty JSON; a failure names its error, message or the generic
 * line, with the raw response under it. The deployment and logs are refreshed after each run.
 */
export function FunctionTest({ appId, name }: { appId: string; name: string }) {
  const client = useQueryClient();
  const [payload, setPayload] = useState(DEFAULT_PAYLOAD);
  const parsed = parsePayload(payload);
  const run = useMutation({
    mutationFn: (value: unknown) => Functions.invoke(appId, name, value),
    // a call deploys a function whose code changed, and writes log lines: both are asked for again
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: functionListQuery(appId).queryKey, exact: true }),
        client.invalidateQueries({ queryKey: ["functions", appId, "logs", name] }),
      ]),
  });
  const outcome = run.data ? testOutcome(run.data) : null;

  return (
    <Stack gap="3" data-testid="function-test">
      <Field.Root invalid={!parsed.ok}>
        <Field.Label>Payload (JSON)</Field.Label>
        <Textarea
          fontFamily="mono"
          fontSize="xs"
          rows={5}
          spellCheck={false}
          value={payload}
          onChange={(e) => setPayload(e.currentTarget.value)}
          data-testid="function-test-payload"
        />
        {!parsed.ok && <Field.ErrorText data-testid="function-test-payload-error">{parsed.error}</Field.ErrorText>}
      </Field.Root>
      <Button size="sm" alignSelf="start" disabled={!parsed.ok} loading={run.isPending} onClick={() => parsed.ok && run.mutate(parsed.value)} data-testid="function-test-run">
        <Play /> Run
      </Button>
      {run.isError && (
        <Alert.Root status="error" size="sm" data-testid="function-test-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{FunctionMessages.TEST_FAILED}</Alert.Title>
            <Alert.Description>{run.error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {run.data && outcome && (
        <Stack gap="2" data-testid="function-test-result" data-ok={outcome.ok}>
          <HStack>
            <Text fontSize="sm" fontWeight="medium">
              Response
            </Text>
            <Badge colorPalette={outcome.ok ? "green" : "red"} data-testid="function-test-status">
              {run.data.status}
            </Badge>
          </HStack>
          {outcome.error && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Title data-testid="function-test-failure">{outcome.error}</Alert.Title>
            </Alert.Root>
          )}
          <Box as="pre" p="2" rounded="md" bg="bg.muted" fontSize="xs" overflow="auto" maxH="64" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="function-test-body">
            <Code bg="transparent" p="0">
              {outcome.raw}
            </Code>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
