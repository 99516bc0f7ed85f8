import { Alert, Badge, Box, Button, Center, Code, Grid, HStack, Link, Spinner, Stack, Table, Tabs, Text } from "@chakra-ui/react";
import { Check, Copy, ExternalLink, FileCode2, FileDiff, Info } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Action } from "../../../../lib/agent/protocol";
import { actionsOf } from "../../../../lib/agent/parser";
import type { ChatMessage } from "../../../../schemas/chat";
import { type FileChange, NO_CHANGES, useMessageChanges } from "../../api/messages";
import { KilnDialog } from "../ui/Dialog";
import { toast } from "../ui/toaster";
import { CodeView, DiffView } from "./CodeView";

const COPIED_MS = 2000;
const TRACE_WINDOW_MS = 5 * 60_000;
const changeColor = { added: "green", modified: "blue", deleted: "red" } as const;

/** Message Details (spec 01 §2): 'Code Changes' for everyone, 'Message Info' for platform admins only. */
export function MessageDetailsDialog({ appId, message, open, onClose, isAdmin }: { appId: string; message: ChatMessage; open: boolean; onClose(): void; isAdmin: boolean }) {
  return (
    <KilnDialog open={open} onClose={onClose} title="Message details" size="wide" flushBody testId="message-details-dialog">
      <Tabs.Root defaultValue="changes" colorPalette="brand" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="changes">
            <FileDiff size={15} /> Code Changes
          </Tabs.Trigger>
          {isAdmin && (
            <Tabs.Trigger value="info">
              <Info size={15} /> Message Info
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="changes">{open && <CodeChanges appId={appId} messageId={message.id} />}</Tabs.Content>
        {isAdmin && (
          <Tabs.Content value="info">
            <MessageInfo message={message} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </KilnDialog>
  );
}

function CodeChanges({ appId, messageId }: { appId: string; messageId: string }) {
  const state = useMessageChanges(appId, messageId);
  const [selected, setSelected] = useState<string | null>(null);

  if (state.kind === "loading") return <Center h="200px"><Spinner color="brand.solid" /></Center>;
  if (state.kind === "empty")
    return (
      <Center h="200px" flexDirection="column" gap="2" color="fg.muted" data-testid="no-changes">
        <FileCode2 size={28} strokeWidth={1.5} />
        <Text fontSize="sm">{NO_CHANGES}</Text>
      </Center>
    );
  if (state.kind === "error")
    return (
      <Alert.Root status="error" data-testid="changes-error">
        <Alert.Indicator />
        <Alert.Title>{state.text}</Alert.Title>
      </Alert.Root>
    );

  const file = state.files.find((f) => f.path === selected) ?? state.files[0];
  return (
    <Grid templateColumns={{ base: "1fr", md: "240px minmax(0, 1fr)" }} gap="4" alignItems="start">
      <Stack gap="1" maxH={{ md: "545px" }} overflowY="auto" data-testid="changed-files">
        {state.files.map((f) => (
          <Box
            as="button"
            key={f.path}
            onClick={() => setSelected(f.path)}
            textAlign="left"
            px="3"
            py="2"
            rounded="md"
            borderWidth="1px"
            borderColor={f.path === file.path ? "brand.solid" : "transparent"}
            bg={f.path === file.path ? "brand.subtle" : "transparent"}
            _hover={{ bg: f.path === file.path ? "brand.subtle" : "bg.muted" }}
            aria-current={f.path === file.path}
          >
            <Text fontFamily="mono" fontSize="xs" truncate title={f.path}>
              {f.path}
            </Text>
            <HStack gap="1.5" mt="1">
              <Badge size="xs" colorPalette={changeColor[f.change]} variant="subtle">
                {f.change}
              </Badge>
              <Text fontSize="2xs" color="fg.subtle">
                {f.language}
              </Text>
            </HStack>
          </Box>
        ))}
      </Stack>
      <FileViewer key={file.path} file={file} />
    </Grid>
  );
}

function FileViewer({ file }: { file: FileChange }) {
  const missing = (text: string) => <Center h="full" color="fg.muted" fontSize="sm">{text}</Center>;
  return (
    <Tabs.Root defaultValue="diff" size="sm" variant="enclosed" lazyMount unmountOnExit minW="0">
      <Tabs.List>
        <Tabs.Trigger value="diff">Diff View</Tabs.Trigger>
        <Tabs.Trigger value="original">Original</Tabs.Trigger>
        <Tabs.Trigger value="modified">Modified</Tabs.Trigger>
      </Tabs.List>
      <Box h="500px" mt="2" borderWidth="1px" rounded="md" overflow="hidden" data-testid="file-viewer">
        <Tabs.Content value="diff" h="full" p="0">
          <DiffView original={file.original} modified={file.modified} language={file.language} />
        </Tabs.Content>
        <Tabs.Content value="original" h="full" p="0">
          {file.change === "added" ? missing("This file did not exist before this message.") : <CodeView path={file.path} content={file.original} />}
        </Tabs.Content>
        <Tabs.Content value="modified" h="full" p="0">
          {file.change === "deleted" ? missing("This message deleted this file.") : <CodeView path={file.path} content={file.modified} />}
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}

/** The external trace viewer, filtered by creator and ±5 minutes around creation; null when not configured. */
export function traceUrl(message: ChatMessage, base: string | undefined = import.meta.env.VITE_TRACE_URL): string | null {
  const created = Date.parse(message.metadata.created_date);
  if (!base || Number.isNaN(created)) return null;
  const iso = (t: number) => new Date(t).toISOString();
  const user = encodeURIComponent(message.metadata.created_by_email ?? "");
  return `${base}?user=${user}&from=${iso(created - TRACE_WINDOW_MS)}&to=${iso(created + TRACE_WINDOW_MS)}`;
}

/** An action's target and text, for the Message Info list. */
function describe(action: Action): { target: string | null; body: string | null } {
  switch (action.type) {
    case "plan":
      return { target: null, body: action.content };
    case "write":
      return { target: action.path, body: action.content };
    case "edit":
      return { target: action.path, body: action.edits.map((e) => `<<<<<<< SEARCH\n${e.search}\n=======\n${e.replace}\n>>>>>>> REPLACE`).join("\n") };
    case "delete":
      return { target: action.path, body: null };
    case "rename":
      return { target: `${action.from} → ${action.to}`, body: null };
    case "secrets":
      return { target: null, body: action.secrets.map((s) => `${s.secretName}: ${s.description}`).join("\n") };
    case "list":
      return { target: action.under ?? null, body: null };
    case "read":
      return { target: action.path, body: null };
    case "search":
      return { target: null, body: action.query };
  }
}

const Pre = ({ children }: { children: string }) => (
  <Box as="pre" fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" m="0">
    {children}
  </Box>
);

function MessageInfo({ message }: { message: ChatMessage }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const actions = useMemo(() => actionsOf(message.content), [message.content]);
  const attributes = Object.entries(message).filter(([key, value]) => key !== "content" && value !== undefined);
  const trace = traceUrl(message);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error("Could not copy to the clipboard");
    }
  };

  return (
    <Stack gap="6" data-testid="message-info">
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" onClick={copy} data-testid="copy-content">
          {copied ? <Check /> : <Copy />} {copied ? "Copied!" : "Copy Content"}
        </Button>
        {trace && (
          <Link href={trace} target="_blank" rel="noopener noreferrer" fontSize="sm" colorPalette="brand" color="colorPalette.fg" data-testid="trace-link">
            View trace <ExternalLink size={14} />
          </Link>
        )}
      </HStack>

      <Table.Root size="sm" variant="outline" rounded="md" data-testid="message-attributes">
        <Table.Body>
          {attributes.map(([key, value]) => (
            <Table.Row key={key}>
              <Table.Cell w="200px" verticalAlign="top" fontFamily="mono" fontSize="xs" color="fg.muted">
                {key}
              </Table.Cell>
              <Table.Cell>{value !== null && typeof value === "object" ? <Pre>{JSON.stringify(value, null, 2)}</Pre> : <Text fontSize="sm" wordBreak="break-word">{String(value)}</Text>}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>

      <Stack gap="2">
        <Text fontWeight="semibold" fontSize="sm">
          Actions ({actions.length})
        </Text>
        {actions.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            No actions found in this message
          </Text>
        )}
        {actions.map((action, i) => {
          const { target, body } = describe(action);
          return (
            <Box key={i} borderWidth="1px" rounded="md" overflow="hidden" data-testid="message-action">
              <HStack px="3" py="2" bg="bg.subtle" gap="2">
                <Badge size="sm" colorPalette="brand" variant="subtle">
                  {action.type}
                </Badge>
                {target && <Code size="sm" variant="plain">{target}</Code>}
              </HStack>
              {body !== null && (
                <Box px="3" py="2" maxH="240px" overflowY="auto" borderTopWidth="1px">
                  <Pre>{body}</Pre>
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
