import { Alert, Badge, Box, Button, HStack, IconButton, Input, InputGroup, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { ArrowLeft, Braces, Component, FileCode, LayoutTemplate, PanelLeftClose, PanelLeftOpen, Search, TriangleAlert, Zap } from "lucide-react";
import { useDeferredValue, useEffect, useEffectEvent, useMemo, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { Features } from "../../../../../lib/tiers";
import { appQuery } from "../../../api/apps";
import { meQuery } from "../../../api/auth";
import { detailOf } from "../../../api/client";
import { CodeEditor } from "../../editor/CodeView";
import { toast, toaster } from "../../ui/toaster";
import { fileError, filterFiles } from "./check";
import { FunctionTools } from "./FunctionTools";
import { functionNameOf } from "./functionDisplay";
import { PaidCodeBanner } from "./PaidCodeBanner";
import { editableFiles, isStaleSave, useSaveFile } from "./files";

/** The tree's groups, in order. */
const GROUPS = [
  { prefix: "pages/", label: "Pages", icon: FileCode },
  { prefix: "components/", label: "Components", icon: Component },
  { prefix: "entities/", label: "Entities", icon: Braces },
  { prefix: "layout/", label: "Layout", icon: LayoutTemplate },
  { prefix: "functions/", label: "Functions", icon: Zap },
] as const;

/**
 * The app's code workspace (spec 02 §2 "Code workspace"): a searchable file tree of pages,
 * components, entities, the layout and functions; a CodeMirror editor; unsaved changes kept per file
 * with a floating Save/Discard; a warning for a file that would not compile (Save still
 * allowed). On the free plan the editor is read-only under the plan's banner. Saving goes
 * through Coding.write, which checkpoints and records the edit in the chat; the preview
 * reloads through the app's realtime room. Each save names the text its edit started from:
 * when the file changed since (the assistant, another tab), the save is refused and the
 * editor offers to reload it. A function file has its tools (test, logs, redeploy) under it.
 */
export function CodeWorkspaceView({ app, filePath, line }: { app: App; filePath?: string; line?: number }) {
  const router = useRouter();
  const me = useQuery(meQuery).data;
  const canEdit = me ? Features[me.subscription_tier].code_editing : false;
  const files = useMemo(() => editableFiles(app), [app]);
  const paths = useMemo(() => Object.keys(files), [files]);
  const [selected, setSelected] = useState<string | null>(filePath && filePath in files ? filePath : null);
  const [goto, setGoto] = useState<number | undefined>(line);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // the text each draft was started from: its save is refused if the file is no longer that
  const [bases, setBases] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const client = useQueryClient();
  const [revision, setRevision] = useState(0);
  const [query, setQuery] = useState("");
  // The tree can fold away so the editor gets the whole view (80+ characters a line at 1440 px).
  const [treeOpen, setTreeOpen] = useState(true);
  const save = useSaveFile(app.id);

  // a link (?filePath=&line=, a file action in the chat) opens that file at that line;
  // only a new link moves the editor, not a change of the files
  const openLink = useEffectEvent((path: string | undefined, at: number | undefined) => {
    if (path && path in files) {
      setSelected(path);
      setGoto(at);
    }
  });
  useEffect(() => openLink(filePath, line), [filePath, line]);

  const current = selected && selected in files ? selected : (paths.find((p) => p.startsWith("pages/")) ?? paths[0] ?? null);
  const loaded = current ? files[current] : "";
  const text = current ? (drafts[current] ?? loaded) : "";
  const dirty = current !== null && drafts[current] !== undefined && drafts[current] !== loaded;
  const checked = useDeferredValue(text);
  const error = useMemo(() => (current ? fileError(current, checked) : null), [current, checked]);
  const functionName = functionNameOf(current);

  // the file changed underneath (a chat turn) while it has no unsaved edits: show the new text
  const showNewText = useEffectEvent(() => {
    if (current && drafts[current] === undefined) setRevision((r) => r + 1);
  });
  useEffect(() => showNewText(), [loaded]);

  const forget = (path: string) => {
    const without = <T,>(d: Record<string, T>) => {
      if (!(path in d)) return d;
      const rest = { ...d };
      delete rest[path];
      return rest;
    };
    setDrafts(without);
    setBases(without);
  };

  const onChange = (next: string) => {
    if (!current) return;
    if (!(current in bases)) setBases((b) => ({ ...b, [current]: loaded }));
    setDrafts((d) => {
      if (next === loaded) {
        if (!(current in d)) return d;
        const rest = { ...d };
        delete rest[current];
        return rest;
      }
      return d[current] === next ? d : { ...d, [current]: next };
    });
  };

  const discard = () => {
    if (!current) return;
    forget(current);
    setRevision((r) => r + 1);
  };

  /** After a refused save: drop the edit and show the file as it is now. */
  const reload = async (path: string) => {
    forget(path);
    setConflict(null);
    await client.invalidateQueries({ queryKey: appQuery(app.id).queryKey });
    setRevision((r) => r + 1);
  };

  const submit = () => {
    if (!current || !dirty || !canEdit || save.isPending) return;
    const path = current;
    const content = drafts[path];
    save.mutate(
      { path, content, base: bases[path] ?? loaded },
      {
        onSuccess: () => {
          toast.success("File saved");
          setConflict(null);
          setDrafts((d) => {
            if (d[path] !== content) return d;
            const rest = { ...d };
            delete rest[path];
            return rest;
          });
          // a draft typed on during the save now starts from what was saved (the cached file)
          setBases((b) => {
            const rest = { ...b };
            delete rest[path];
            return rest;
          });
        },
        onError: (err) => {
          if (isStaleSave(err)) return setConflict(path);
          toaster.remove();
          toaster.error({ title: "Error", description: detailOf(err) });
        },
      },
    );
  };

  const open = (path: string) => {
    setSelected(path);
    setGoto(undefined);
  };

  const shown = filterFiles(paths, query);

  return (
    <Stack h="full" minH="0" gap="0" data-testid="code-workspace">
      <HStack px="4" py="2" borderBottomWidth="1px" justify="space-between">
        <HStack gap="1">
          <Button variant="ghost" size="sm" onClick={() => router.history.push(`/apps/${app.id}/editor/workspace/overview`)}>
            <ArrowLeft /> Back to Editor
          </Button>
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={treeOpen ? "Hide files" : "Show files"}
            title={treeOpen ? "Hide files" : "Show files"}
            aria-expanded={treeOpen}
            onClick={() => setTreeOpen((open) => !open)}
            data-testid="code-tree-toggle"
          >
            {treeOpen ? <PanelLeftClose /> : <PanelLeftOpen />}
          </IconButton>
        </HStack>
        {current && (
          <Text fontFamily="mono" fontSize="sm" color="fg.muted" data-testid="code-current-path">
            {current}
          </Text>
        )}
      </HStack>
      {me && !canEdit && <PaidCodeBanner />}
      <HStack flex="1" minH="0" align="stretch" gap="0">
        <Stack w="52" flexShrink={0} borderRightWidth="1px" gap="0" minH="0" display={treeOpen ? "flex" : "none"}>
          <Box p="2">
            <InputGroup startElement={<Search size={14} />}>
              <Input size="sm" placeholder="Search files" aria-label="Search files" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
            </InputGroup>
          </Box>
          <Stack flex="1" overflowY="auto" gap="3" px="2" pb="4" data-testid="code-file-tree">
            {GROUPS.map((group) => {
              const inGroup = shown.filter((p) => p.startsWith(group.prefix));
              if (inGroup.length === 0) return null;
              const Icon = group.icon;
              return (
                <Stack key={group.prefix} gap="0.5">
                  <Text px="2" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
                    {group.label}
                  </Text>
                  {inGroup.map((path) => (
                    <HStack
                      key={path}
                      as="button"
                      px="2"
                      py="1"
                      rounded="sm"
                      fontSize="sm"
                      textAlign="start"
                      bg={path === current ? "bg.emphasized" : undefined}
                      _hover={{ bg: "bg.muted" }}
                      onClick={() => open(path)}
                      data-testid={`code-file-${path}`}
                      aria-current={path === current || undefined}
                    >
                      <Icon size={14} />
                      <Text truncate flex="1">
                        {path.slice(group.prefix.length)}
                      </Text>
                      {drafts[path] !== undefined && drafts[path] !== files[path] && <Box boxSize="2" rounded="full" bg="orange.solid" aria-label="Unsaved changes" />}
                    </HStack>
                  ))}
                </Stack>
              );
            })}
            {shown.length === 0 && (
              <Text px="2" fontSize="sm" color="fg.muted">
                No files match "{query.trim()}"
              </Text>
            )}
          </Stack>
        </Stack>
        {/* a function file gets its tools under the editor, which keeps the full width */}
        <Stack flex="1" minW="0" minH="0" gap="0">
          <Stack flex="1" minW="0" minH="0" gap="0" position="relative">
            {conflict === current && (
              <Alert.Root status="error" borderRadius="0" size="sm" data-testid="code-conflict">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>This file was changed after you opened it</Alert.Title>
                  <Alert.Description>Your save was not applied, so nothing was overwritten. Reload to get the latest version (your unsaved edits here are dropped).</Alert.Description>
                </Alert.Content>
                <Button size="xs" colorPalette="red" alignSelf="center" onClick={() => void reload(current)} data-testid="code-conflict-reload">
                  Reload file
                </Button>
              </Alert.Root>
            )}
            {error && (
              <Alert.Root status="warning" borderRadius="0" size="sm" data-testid="code-error">
                <Alert.Indicator>
                  <TriangleAlert />
                </Alert.Indicator>
                <Alert.Content>
                  <Alert.Title>This file has an error</Alert.Title>
                  <Alert.Description fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap">
                    {error}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <Box flex="1" minH="0">
              {current ? (
                <CodeEditor path={current} doc={text} revision={revision} readOnly={!canEdit} line={goto} onChange={onChange} onSave={submit} />
              ) : (
                <Text p="6" color="fg.muted">
                  This app has no files yet.
                </Text>
              )}
            </Box>
            {dirty && canEdit && (
              <HStack
                position="absolute"
                bottom="4"
                left="50%"
                transform="translateX(-50%)"
                bg="bg.panel"
                borderWidth="1px"
                shadow="lg"
                rounded="full"
                px="4"
                py="2"
                gap="3"
                zIndex="1"
                data-testid="code-save-bar"
              >
                <Badge colorPalette="orange">Unsaved changes</Badge>
                <Button size="sm" variant="ghost" onClick={discard} disabled={save.isPending}>
                  Discard
                </Button>
                <Button size="sm" onClick={submit} loading={save.isPending}>
                  Save
                </Button>
              </HStack>
            )}
          </Stack>
          {functionName && <FunctionTools key={functionName} app={app} name={functionName} />}
        </Stack>
      </HStack>
    </Stack>
  );
}
