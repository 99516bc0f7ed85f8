import { Badge, Box, Button, Collapsible, HStack, Stack, Text } from "@chakra-ui/react";
import { AlertTriangle, ChevronDown, Sparkles } from "lucide-react";
import { useState } from "react";
import type { AppError } from "../../../../../schemas/preview";

/** The text "Resolve with AI" sends: each error with where it is and its details, kept short enough for one message. */
export function resolveMessage(issues: AppError[]): string {
  const parts = issues.map((issue, i) => {
    const where = issue.componentName ? ` (in ${issue.componentName})` : "";
    const details = issue.details ? `\n${issue.details.slice(0, 1_500)}` : "";
    return `${i + 1}. ${issue.title}${where}${details}`;
  });
  return `The app preview shows ${issues.length === 1 ? "this error" : "these errors"}. Please fix ${issues.length === 1 ? "it" : "them"}:\n\n${parts.join("\n\n")}`;
}

interface Props {
  issues: AppError[];
  /** the app is processing or a message is on its way: one fix at a time */
  busy: boolean;
  onResolve(): void;
}

/** "Issues Found" under the preview: the app's compile and runtime errors, and "Resolve with AI". */
export function IssuesPanel({ issues, busy, onResolve }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Box borderTopWidth="1px" bg="red.subtle" px="4" py="2.5" flexShrink="0" data-testid="issues-panel">
      <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
        <HStack gap="3">
          <Box color="fg.error">
            <AlertTriangle size={16} />
          </Box>
          <Text fontWeight="semibold" fontSize="sm">
            Issues Found
          </Text>
          <Badge colorPalette="red" variant="subtle" data-testid="issues-count">
            {issues.length}
          </Badge>
          <Collapsible.Trigger asChild>
            <Button size="2xs" variant="ghost" data-testid="issues-toggle">
              {open ? "Hide" : "Show"} <ChevronDown style={{ transform: open ? "rotate(180deg)" : undefined }} />
            </Button>
          </Collapsible.Trigger>
          <Box flex="1" />
          <Button size="xs" colorPalette="brand" onClick={onResolve} disabled={busy} data-testid="resolve-with-ai">
            <Sparkles /> Resolve with AI
          </Button>
        </HStack>
        <Collapsible.Content>
          <Stack gap="2" mt="2.5" maxH="40" overflowY="auto">
            {issues.map((issue) => (
              <Box key={`${issue.title}|${issue.componentName}`} fontSize="xs" data-testid="issue">
                <Text fontWeight="medium" wordBreak="break-word">
                  {issue.title}
                  {issue.componentName && (
                    <Text as="span" color="fg.muted" fontWeight="normal">
                      {" "}
                      in {issue.componentName}
                    </Text>
                  )}
                </Text>
                {issue.details && (
                  <Box as="pre" mt="1" p="2" bg="bg" borderRadius="sm" fontFamily="mono" whiteSpace="pre" overflowX="auto">
                    {issue.details}
                  </Box>
                )}
              </Box>
            ))}
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  );
}
