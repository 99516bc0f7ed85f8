import { Box, Button, Center, Field, HStack, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Check, Copy } from "lucide-react";
import { useMemo, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { meQuery } from "../../../api/auth";
import { useCopy } from "../useCopy";
import { type ExampleLanguage, example } from "./examples";
import { NameSelect } from "../../ui/NameSelect";

/**
 * API Integration (spec 02 §2): pick an entity and read JavaScript or Python that lists
 * its records and updates one through Kiln's app API with the owner's `api_key`.
 */
export function ApiView({ app }: { app: App }) {
  const entities = useMemo(() => Object.keys(app.entities).sort(), [app.entities]);
  const [chosen, setChosen] = useState<string | null>(null);
  const entity = chosen && entities.includes(chosen) ? chosen : entities[0];
  const [language, setLanguage] = useState<ExampleLanguage>("javascript");
  const me = useQuery(meQuery);
  const { copied, copy } = useCopy();

  const code = useMemo(
    () =>
      entity && me.data
        ? example(language, { baseUrl: window.location.origin, appId: app.id, entity, apiKey: me.data.api_key, properties: app.entities[entity].properties as Record<string, Record<string, unknown>> })
        : "",
    [entity, me.data, language, app.id, app.entities],
  );

  return (
    <Stack gap="4" p="6" data-testid="api-view">
      <Box>
        <Heading size="lg">API</Heading>
        <Text color="fg.muted" fontSize="sm">
          Read and update your app's data from your own code. Requests carry your API key in the <code>api_key</code> header; keep it secret.
        </Text>
      </Box>
      {!entity ? (
        <Center p="10" borderWidth="1px" rounded="lg">
          <Text color="fg.muted">This app has no entities yet</Text>
        </Center>
      ) : (
        <>
          <Field.Root maxW="xs">
            <Field.Label>Entity</Field.Label>
            <NameSelect size="sm" names={entities} value={entity} onChange={setChosen} testId="api-entity" />
          </Field.Root>
          <Tabs.Root value={language} onValueChange={(e) => setLanguage(e.value as ExampleLanguage)} variant="line">
            <HStack justify="space-between">
              <Tabs.List>
                <Tabs.Trigger value="javascript">JavaScript</Tabs.Trigger>
                <Tabs.Trigger value="python">Python</Tabs.Trigger>
              </Tabs.List>
              <Button size="xs" variant="outline" onClick={() => copy(code)} disabled={!code} data-testid="api-copy">
                {copied ? <Check /> : <Copy />} {copied ? "Copied!" : "Copy"}
              </Button>
            </HStack>
            <Box as="pre" mt="3" p="4" bg="bg.muted" rounded="md" fontFamily="mono" fontSize="sm" overflow="auto" whiteSpace="pre" data-testid="api-example">
              {code || "Loading..."}
            </Box>
          </Tabs.Root>
        </>
      )}
    </Stack>
  );
}
