import { Box, HStack, IconButton, Link, Progress, Spinner, Text } from "@chakra-ui/react";
import { useRouter } from "@tanstack/react-router";
import { AlertTriangle, ArrowRight, CircleCheck, CircleSlash, Flag, KeyRound, Lightbulb } from "lucide-react";
import { type ActionSegment, type FileMap, actionPath, actionProgress } from "./appFiles";
import { links } from "./links";

const verbs = {
  write: ["Writing", "Wrote"],
  edit: ["Editing", "Edited"],
  delete: ["Deleting", "Deleted"],
  rename: ["Renaming", "Renamed"],
  list: ["Listing files", "Listed files"],
  read: ["Reading", "Read"],
  search: ["Searching", "Searched"],
} as const;

interface Props {
  appId: string;
  segment: ActionSegment;
  files: FileMap;
  /** the message is still streaming: an unfinished step is in progress rather than cut off */
  streaming: boolean;
  /** why this step did not reach the app (cut off, frozen, an edit that did not match), from the receipt */
  notSaved?: string;
  onFeedback(path: string): void;
}

/** One action of an assistant turn (spec 01 §4 Assistant actions): progress while streaming, then a final state: a check, or "Not saved" and why. */
export function ActionStep({ appId, segment, files, streaming, notSaved, onFeedback }: Props) {
  const router = useRouter();
  const { open, action, complete } = segment;

  if (open.type === "plan") {
    const text = (action?.type === "plan" ? action.content : segment.body).trim();
    return (
      <HStack align="start" gap="2" px="3" py="2" data-testid="action-step" data-type="plan" data-complete={complete}>
        <Box color="brand.solid" mt="0.5" flexShrink="0">
          <Lightbulb size={14} />
        </Box>
        <Text fontSize="sm" color="fg.muted">
          {text || "Planning…"}
        </Text>
      </HStack>
    );
  }

  // A secret request changes no file: one line naming the secrets (the chat's secrets form asks for their values).
  if (open.type === "secrets") {
    const names = action?.type === "secrets" ? action.secrets.map((s) => s.secretName).join(", ") : null;
    return (
      <HStack align="start" gap="2" px="3" py="2" data-testid="action-step" data-type="secrets" data-complete={complete} title={notSaved}>
        <Box color={notSaved ? "orange.fg" : "brand.solid"} mt="0.5" flexShrink="0">
          <KeyRound size={14} />
        </Box>
        <Text fontSize="sm" color="fg.muted">
          {names ? `Asked for secrets: ${names}` : complete || !streaming ? "Secret request not made" : "Asking for secrets…"}
        </Text>
      </HStack>
    );
  }

  const path = actionPath(segment);
  const progress = actionProgress(segment, files);
  const [active, done] = verbs[open.type];
  const href = path ? links.code(appId, path) : undefined;
  // A finished message has no step in progress: an unfinished or refused one was not saved.
  const unsaved = notSaved !== undefined || (!complete && !streaming);
  const state = unsaved ? "not-saved" : complete ? "done" : "in-progress";

  return (
    <HStack gap="2" px="3" py="1.5" className="group" data-testid="action-step" data-type={open.type} data-complete={complete} data-state={state} title={notSaved} minW="0">
      {unsaved ? (
        <Box color="orange.fg" flexShrink="0" data-testid="action-not-saved">
          <CircleSlash size={14} />
        </Box>
      ) : (
        <StepIcon complete={complete} valid={!!action} />
      )}
      <Text fontSize="sm" color="fg.muted" flexShrink="0">
        {unsaved ? "Not saved" : complete ? done : active}
      </Text>
      {open.type === "rename" && open.from && (
        <>
          <Text fontSize="xs" fontFamily="mono" color="fg.subtle" truncate>
            {open.from}
          </Text>
          <ArrowRight size={12} />
        </>
      )}
      {href ? (
        <Link
          href={href}
          onClick={(e) => {
            e.preventDefault();
            router.history.push(href);
          }}
          fontSize="xs"
          fontFamily="mono"
          color="fg"
          truncate
          data-testid="action-link"
        >
          {path}
        </Link>
      ) : (
        <Text fontSize="xs" color="fg.subtle">
          …
        </Text>
      )}
      <Box flex="1" />
      {!complete && !unsaved && (
        <HStack gap="2" flexShrink="0">
          <Progress.Root value={progress} size="xs" w="14" colorPalette="brand" aria-label={`${path ?? "file"} progress`}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="2xs" color="fg.subtle" w="8" textAlign="end" data-testid="action-progress">
            {progress}%
          </Text>
        </HStack>
      )}
      {complete && !unsaved && path && (
        <IconButton
          aria-label={`Feedback on ${path}`}
          size="2xs"
          variant="ghost"
          color="fg.subtle"
          opacity="0"
          _groupHover={{ opacity: 1 }}
          _focusVisible={{ opacity: 1 }}
          onClick={() => onFeedback(path)}
          data-testid="action-feedback"
        >
          <Flag />
        </IconButton>
      )}
    </HStack>
  );
}

function StepIcon({ complete, valid }: { complete: boolean; valid: boolean }) {
  if (complete && !valid)
    return (
      <Box color="orange.fg" title="This step could not be read" flexShrink="0">
        <AlertTriangle size={14} />
      </Box>
    );
  if (complete)
    return (
      <Box color="green.fg" flexShrink="0" data-testid="action-check">
        <CircleCheck size={14} />
      </Box>
    );
  return <Spinner size="xs" color="brand.solid" flexShrink="0" />;
}
