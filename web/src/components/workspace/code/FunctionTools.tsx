import { Alert, Badge, Box, Button, Code, Heading, HStack, IconButton, Link, Spinner, Stack, Tabs, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { Check, ChevronDown, ChevronUp, Copy, RotateCw, Zap } from "lucide-react";
import { useEffect, useState } from "react";
import type { App } from "../../../../../schemas/app";
import type { FunctionList } from "../../../../../schemas/functions";
import { detailOf } from "../../../api/client";
import { functionListQuery, useRedeployFunction } from "../../../api/functions";
import { fullDate, timeAgo } from "../../../lib/relative-time";
import { toaster } from "../../ui/toaster";
import { useCopy } from "../useCopy";
import { FunctionLogs } from "./FunctionLogs";
import { stalePoll } from "./functionDisplay";
import { FunctionTest } from "./FunctionTest";

type FunctionSummary = FunctionList["functions"][number];

/**
 * Under an open `functions/<name>` file (spec 02 §2 "Function tools"): the function's URL and
 * deployment, Redeploy, Test and Logs, in a pane that folds down to its header. Until backend
 * functions are activated it says so and links to that App Settings section.
 */
export function FunctionTools({ app, name }: { app: App; name: string }) {
  const [open, setOpen] = useState(true);
  return (
    <Stack h={open ? "45%" : "auto"} minH={open ? "64" : undefined} flexShrink={0} borderTopWidth="1px" gap="0" data-testid="function-tools">
      <HStack px="4" py="1.5" gap="2" borderBottomWidth={open ? "1px" : undefined}>
        <Zap size={16} />
        <Heading size="sm">Function tools</Heading>
        <Code fontSize="xs">{name}</Code>
        <IconButton
          ms="auto"
          size="xs"
          variant="ghost"
          aria-label={open ? "Hide function tools" : "Show function tools"}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          data-testid="function-tools-toggle"
        >
          {open ? <ChevronDown /> : <ChevronUp />}
        </IconButton>
      </HStack>
      {open && (
        <Box flex="1" minH="0" overflowY="auto" p="4">
          {app.has_backend_functions_enabled ? <ActiveTools appId={app.id} name={name} code={app.functions[name]} /> : <NotActivated appId={app.id} />}
        </Box>
      )}
    </Stack>
  );
}

function NotActivated({ appId }: { appId: string }) {
  return (
    <Alert.Root status="info" size="sm" data-testid="function-tools-inactive">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Backend functions are not activated for this app.</Alert.Title>
        <Alert.Description>
          Activate them to deploy, test and call this function.{" "}
          <Link asChild color="brand.fg" textDecoration="underline" data-testid="function-tools-activate-link">
            <RouterLink to="/apps/$appId/editor/workspace/$view" params={{ appId, view: "app-settings" }} search={{ selectedParam: "backend-functions" }}>
              Go to App Settings
            </RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function ActiveTools({ appId, name, code }: { appId: string; name: string; code: string | undefined }) {
  const client = useQueryClient();
  const list = useQuery({ ...functionListQuery(appId), refetchInterval: (q) => stalePoll(q.state.data, name) });
  // a save (here or by the assistant) may leave the deployment behind the code: ask again
  useEffect(() => {
    void client.invalidateQueries({ queryKey: functionListQuery(appId).queryKey, exact: true });
  }, [client, appId, code]);
  const summary = list.data?.functions.find((f) => f.name === name);
  return (
    <HStack align="start" gap="6" wrap="wrap">
      <Stack w="72" maxW="full" flexShrink={0} gap="3">
        {list.isPending && <Spinner size="sm" />}
        {list.isError && (
          <Text color="fg.error" fontSize="sm" data-testid="function-tools-error">
            {detailOf(list.error)}
          </Text>
        )}
        {list.isSuccess && !summary && (
          <Text color="fg.muted" fontSize="sm" data-testid="function-tools-unsaved">
            Save this file to deploy the function.
          </Text>
        )}
        {summary && <Deployment appId={appId} summary={summary} />}
      </Stack>
      <Tabs.Root defaultValue="test" size="sm" colorPalette="brand" lazyMount flex="1" minW="72">
        <Tabs.List>
          <Tabs.Trigger value="test" data-testid="function-tab-test">
            Test
          </Tabs.Trigger>
          <Tabs.Trigger value="logs" data-testid="function-tab-logs">
            Logs
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="test">
          <FunctionTest appId={appId} name={name} />
        </Tabs.Content>
        <Tabs.Content value="logs">
          <FunctionLogs appId={appId} name={name} />
        </Tabs.Content>
      </Tabs.Root>
    </HStack>
  );
}

function Deployment({ appId, summary }: { appId: string; summary: FunctionSummary }) {
  const { copied, copy } = useCopy();
  const redeploy = useRedeployFunction(appId, summary.name);
  const deployment = summary.deployment;
  const run = () =>
    redeploy.mutate(undefined, {
      onError: (err) => {
        toaster.remove();
        toaster.error({ title: "Failed to redeploy function", description: detailOf(err) });
      },
    });

  return (
    <Stack gap="3">
      <Stack gap="1">
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
          URL
        </Text>
        <HStack gap="1">
          <Code flex="1" minW="0" fontSize="xs" truncate title={summary.url} data-testid="function-url">
            {summary.url}
          </Code>
          <IconButton size="xs" variant="ghost" aria-label="Copy URL" title={copied ? "Copied" : "Copy URL"} onClick={() => void copy(summary.url)}>
            {copied ? <Check /> : <Copy />}
          </IconButton>
        </HStack>
      </Stack>
      <Stack gap="2" data-testid="function-deployment" data-status={deployment?.status ?? "none"} data-up-to-date={summary.up_to_date} data-deployed-at={deployment?.deployed_at}>
        <HStack justify="space-between">
          <HStack gap="2">
            {deployment?.status === "deployed" && <Badge colorPalette="green">Deployed</Badge>}
            {deployment?.status === "failed" && <Badge colorPalette="red">Build failed</Badge>}
            {!deployment && <Badge>Not deployed</Badge>}
            {deployment && (
              <Text fontSize="xs" color="fg.muted" title={fullDate(deployment.deployed_at)}>
                {timeAgo(deployment.deployed_at)}
              </Text>
            )}
          </HStack>
          <Button size="xs" variant="outline" loading={redeploy.isPending} loadingText="Deploying" onClick={run} data-testid="function-redeploy">
            <RotateCw /> Redeploy
          </Button>
        </HStack>
        {deployment && !summary.up_to_date && (
          <Text fontSize="xs" color="orange.fg" data-testid="function-stale">
            The code changed since this deployment: it is rebuilt on the next call, or now with Redeploy.
          </Text>
        )}
        {deployment?.status === "deployed" && deployment.packages.length > 0 && (
          <HStack gap="1" wrap="wrap" data-testid="function-packages">
            {deployment.packages.map((pkg) => (
              <Code key={pkg} fontSize="2xs">
                {pkg}
              </Code>
            ))}
          </HStack>
        )}
        {deployment?.status === "failed" && deployment.error && (
          <Box as="pre" p="2" rounded="md" bg="red.subtle" color="red.fg" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" maxH="40" overflow="auto" data-testid="function-build-error">
            {deployment.error}
          </Box>
        )}
      </Stack>
    </Stack>
  );
}
