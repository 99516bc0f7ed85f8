import { Badge, Box, Button, Flex, Heading, HStack, NativeSelect, Spinner, Stack, Text, VStack } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Sparkles, UserPlus } from "lucide-react";
import { useState } from "react";
import { SUPPORT_INBOX_ROOM, SupportMessages, SupportRules, type TicketDetail, type TicketMessage, categoryLabels } from "../../../../schemas/support";
import { ApiError, messageOr } from "../../api/client";
import { Support, applyTicketEvent, shortId, ticketDetailQuery, withMessage } from "../../api/support";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { toast } from "../ui/toaster";
import { AssignDialog } from "./AssignDialog";
import { Markdown } from "../Markdown";
import { ReplyBox } from "./ReplyBox";
import { TicketSidebar } from "./TicketSidebar";
import { Thread } from "./Thread";
import { useReply } from "./useReply";
import { useTicketRoom } from "./useTicketRoom";

/** One ticket in the admins' inbox (spec 03 §2.11): header, status, assignment, the thread in admin mode, the AI draft, the sidebar. */
export function TicketDetailPane({ ticketId }: { ticketId: string }) {
  const client = useQueryClient();
  const key = ticketDetailQuery(ticketId).queryKey;
  const detail = useQuery(ticketDetailQuery(ticketId));
  const update = (f: (d: TicketDetail) => TicketDetail) => client.setQueryData(key, (d: TicketDetail | undefined) => (d ? f(d) : d));
  // the inbox room carries the admin's view of the ticket (draft and internal categories included)
  useTicketRoom(SUPPORT_INBOX_ROOM, (event) => update((d) => ({ ...d, ticket: applyTicketEvent(d.ticket, event) })));

  const reply = useReply(ticketId, true, (m) => update((d) => ({ ...d, ticket: withMessage(d.ticket, m) })));
  const [assigning, setAssigning] = useState(false);
  const [deleting, setDeleting] = useState<TicketMessage | null>(null);

  const state = useMutation({
    mutationFn: (status: "open" | "resolved") => Support.setTicketState(ticketId, status),
    onSuccess: (t) => (
      update((d) => ({ ...d, ticket: { ...t, messages: d.ticket.messages } })),
      void client.invalidateQueries({ queryKey: ["support", "inbox"] })
    ),
    onError: () => toast.error(SupportMessages.STATUS_FAILED),
  });
  const remove = useMutation({
    mutationFn: (messageId: string) => Support.deleteMessage(ticketId, messageId),
    onSuccess: (_r, messageId) =>
      update((d) => ({
        ...d,
        ticket: {
          ...d.ticket,
          messages: (d.ticket.messages ?? []).filter((m) => m.id !== messageId),
        },
      })),
    onError: () => toast.error(SupportMessages.DELETE_MESSAGE_FAILED),
    onSettled: () => setDeleting(null),
  });
  const draft = useMutation({
    mutationFn: () => Support.draft(ticketId),
    onSuccess: (r) => update((d) => ({ ...d, ticket: { ...d.ticket, draft: r.draft } })),
    onError: (err) => toast.error(messageOr(err, SupportMessages.LOAD_DETAILS_FAILED)),
  });
  const polish = useMutation({
    mutationFn: (text: string) => Support.polish(ticketId, text),
    onSuccess: (r) => reply.setText(r.text),
    // without a model the server says so plainly; any other failure leaves the text as it was
    onError: (err) => err instanceof ApiError && err.detail === SupportRules.POLISH_NEEDS_MODEL && toast.error(err.detail),
  });

  if (detail.isPending)
    return (
      <VStack py="16">
        <Spinner color="brand.solid" />
      </VStack>
    );
  if (detail.isError)
    return (
      <VStack py="16" gap="3" data-testid="detail-error">
        <Text fontWeight="semibold">
          {detail.error instanceof ApiError && detail.error.status === 404 ? SupportRules.NOT_FOUND : SupportMessages.LOAD_DETAILS_FAILED}
        </Text>
        <Button size="sm" onClick={() => detail.refetch()}>
          Try Again
        </Button>
      </VStack>
    );

  const t = detail.data.ticket;
  const resolved = t.ticket_status === "resolved";
  return (
    <Flex gap="4" direction={{ base: "column", xl: "row" }} align="flex-start" data-testid="ticket-detail" data-ticket-id={t.id}>
      <Stack gap="4" flex="1" minW="0" w="full">
        <Stack gap="2">
          <Heading size="md">{t.title}</Heading>
          <HStack gap="2" wrap="wrap" fontSize="sm">
            <Badge>{categoryLabels[t.category]}</Badge>
            <Badge colorPalette={resolved ? "gray" : "green"} data-testid="detail-status">
              {t.status}
            </Badge>
            <Text color="fg.muted" data-testid="detail-assignee">
              {t.assigned_to ? `Assigned to ${t.assigned_to}` : "Unassigned"}
            </Text>
            {!resolved && (
              <Button size="xs" variant="outline" onClick={() => setAssigning(true)} data-testid="detail-assign">
                <UserPlus /> {t.assigned_to ? "Reassign" : "Assign"}
              </Button>
            )}
            <NativeSelect.Root size="xs" w="32" disabled={state.isPending}>
              <NativeSelect.Field value={t.ticket_status} onChange={(e) => state.mutate(e.target.value as "open" | "resolved")} data-testid="detail-state">
                <option value="open">Open</option>
                <option value="resolved">Resolved</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            #{shortId(t.id)} · opened {new Date(t.created_date).toLocaleString()} by {t.created_by}
          </Text>
        </Stack>
        <Thread messages={t.messages ?? []} admin onDelete={setDeleting} />
        <AiDraft draft={t.draft ?? null} writing={t.is_bot_writing || draft.isPending} onDraft={() => draft.mutate()} onUse={(text) => reply.setText(text)} />
        <ReplyBox
          value={reply.text}
          onChange={reply.setText}
          attachments={reply.attachments}
          sending={reply.sending}
          onSend={reply.submit}
          onPolish={() => reply.text.trim() && polish.mutate(reply.text)}
          polishing={polish.isPending}
        />
      </Stack>
      <TicketSidebar detail={detail.data} />
      {assigning && <AssignDialog ticketId={t.id} current={t.assigned_to} open onClose={() => setAssigning(false)} />}
      <ConfirmDialog
        confirmation={
          deleting
            ? {
                title: "Delete message",
                text: "Delete this message from the conversation? The user will no longer see it.",
                action: "Delete",
              }
            : null
        }
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Flex>
  );
}

/** The AI draft of a reply: collapsed above 150 characters; Use puts it into the reply box to edit and send. */
function AiDraft({ draft, writing, onDraft, onUse }: { draft: string | null; writing: boolean; onDraft(): void; onUse(text: string): void }) {
  const [expanded, setExpanded] = useState(false);
  const long = !!draft && draft.length > SupportRules.DRAFT_COLLAPSE_AT;
  return (
    <Box borderWidth="1px" borderStyle="dashed" rounded="lg" p="3" data-testid="ai-draft">
      <HStack justify="space-between" mb={draft ? "2" : "0"}>
        <HStack gap="1.5" fontSize="sm" fontWeight="medium">
          <Sparkles size={14} /> <Text>AI draft</Text>
        </HStack>
        <HStack gap="2">
          {draft && (
            <Button size="xs" colorPalette="brand" onClick={() => onUse(draft)} data-testid="ai-draft-use">
              Use draft
            </Button>
          )}
          <Button size="xs" variant="outline" loading={writing} onClick={onDraft} data-testid="ai-draft-write">
            {draft ? "Draft again" : "Draft a reply"}
          </Button>
        </HStack>
      </HStack>
      {draft && (
        <>
          <Box maxH={long && !expanded ? "16" : undefined} overflow="hidden" data-testid="ai-draft-text" data-collapsed={long && !expanded ? "true" : "false"}>
            <Markdown text={draft} />
          </Box>
          {long && (
            <Button size="2xs" variant="plain" px="0" onClick={() => setExpanded(!expanded)} data-testid="ai-draft-toggle">
              {expanded ? "Show less" : "Show more"}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
