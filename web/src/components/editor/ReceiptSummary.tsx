import { Box, Collapsible, HStack, Stack, Text, chakra } from "@chakra-ui/react";
import { AlertTriangle, ChevronRight, CircleSlash, FileDiff, MonitorCheck, MonitorX } from "lucide-react";
import type { Receipt } from "../../../../schemas/chat";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** "1 credit", "0.3 credits", or "Not charged" when the turn changed nothing (the credit went back). */
export function costLine(charge: NonNullable<Receipt["charge"]>): string {
  if (charge.refunded) return "Not charged";
  return `${charge.credits} ${charge.credits === 1 ? "credit" : "credits"}`;
}

/** "Changed 5 files · added entity Task · removed page Notes" */
export function receiptLine(receipt: Receipt): string {
  const { files, entities, pages } = receipt;
  const changed = files.added.length + files.modified.length + files.deleted.length;
  const parts = [changed ? `Changed ${changed} ${plural(changed, "file", "files")}` : "No files changed"];
  const named = (verb: string, one: string, many: string, names: string[]) => {
    if (names.length) parts.push(`${verb} ${plural(names.length, one, many)} ${names.join(", ")}`);
  };
  named("added", "entity", "entities", entities.added);
  named("removed", "entity", "entities", entities.removed);
  named("added", "page", "pages", pages.added);
  named("removed", "page", "pages", pages.removed);
  if (receipt.charge) parts.push(costLine(receipt.charge));
  return parts.join(" · ");
}

const marks = [
  ["added", "+", "green.fg"],
  ["modified", "~", "orange.fg"],
  ["deleted", "−", "red.fg"],
] as const;

/** What a finished turn really changed, what it did not save and why, and a warning for removals nobody asked for. */
export function ReceiptSummary({ receipt }: { receipt: Receipt }) {
  const changed = marks.flatMap(([kind, mark, color]) => receipt.files[kind].map((path) => ({ path, mark, color })));
  return (
    <Stack gap="2" data-testid="receipt">
      <Collapsible.Root disabled={!changed.length}>
        <Collapsible.Trigger asChild>
          <chakra.button type="button" display="flex" alignItems="center" gap="1.5" fontSize="xs" color="fg.muted" _hover={{ color: changed.length ? "fg" : undefined }} textAlign="start">
            <FileDiff size={13} />
            <Text as="span" data-testid="receipt-line">
              {receiptLine(receipt)}
            </Text>
            {changed.length > 0 && (
              <Box as="span" transition="transform 0.15s" css={{ "[data-state=open] &": { transform: "rotate(90deg)" } }}>
                <ChevronRight size={12} />
              </Box>
            )}
          </chakra.button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Stack gap="0.5" mt="1.5" ps="5">
            {changed.map(({ path, mark, color }) => (
              <HStack key={path} gap="2" fontSize="xs" fontFamily="mono">
                <Text color={color} w="2">
                  {mark}
                </Text>
                <Text color="fg.muted">{path}</Text>
              </HStack>
            ))}
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
      {!!receipt.not_applied?.length && (
        <Stack gap="1" p="2.5" rounded="md" bg="bg.muted" fontSize="xs" data-testid="receipt-not-applied">
          <HStack gap="1.5" fontWeight="medium">
            <CircleSlash size={13} />
            <Text>Not saved</Text>
          </HStack>
          {receipt.not_applied.map((n, i) => (
            <Text key={i} color="fg.muted" ps="5">
              {n.reason}
            </Text>
          ))}
        </Stack>
      )}
      {receipt.verification && <VerificationNote verification={receipt.verification} />}
      {receipt.unrequested_removals.length > 0 && (
        <HStack align="start" gap="2" p="2.5" rounded="md" bg="orange.subtle" color="orange.fg" fontSize="xs" data-testid="receipt-warning">
          <Box mt="0.5" flexShrink="0">
            <AlertTriangle size={14} />
          </Box>
          <Text>
            Removed without being asked: <strong>{receipt.unrequested_removals.join(", ")}</strong>. If that was not intended, revert your last message.
          </Text>
        </HStack>
      )}
    </Stack>
  );
}

/** The turn's check in a browser (functions/core/verify): its line, what the automated fix resolved, and what is still broken. */
function VerificationNote({ verification }: { verification: NonNullable<Receipt["verification"]> }) {
  const failed = verification.status === "failed";
  return (
    <Stack
      gap="1"
      p="2.5"
      rounded="md"
      fontSize="xs"
      bg={failed ? "red.subtle" : verification.status === "passed" ? "green.subtle" : "bg.muted"}
      color={failed ? "red.fg" : verification.status === "passed" ? "green.fg" : "fg.muted"}
      data-testid="receipt-verification"
      data-status={verification.status}
    >
      <HStack gap="1.5" align="start">
        <Box mt="0.5" flexShrink="0">
          {failed ? <MonitorX size={13} /> : <MonitorCheck size={13} />}
        </Box>
        <Text>{verification.summary}</Text>
      </HStack>
      {verification.fixed.length > 0 && (
        <Text ps="5" color="fg.muted">
          Fixed automatically: {verification.fixed.join("; ")}
        </Text>
      )}
      {verification.broken.map((line, i) => (
        <Text key={i} ps="5">
          {line}
        </Text>
      ))}
    </Stack>
  );
}
