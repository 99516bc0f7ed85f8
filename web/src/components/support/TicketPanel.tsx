import { Badge, Box, Checkbox, Heading, HStack, Spinner, Stack, Text, VStack } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SupportMessages, SupportRules, type Ticket, categoryLabels, isClosed, ticketRoom } from "../../../../schemas/support";
import { ApiError } from "../../api/client";
import { Support, applyTicketEvent, shortId, ticketQuery, withMessage } from "../../api/support";
import { ReplyBox } from "./ReplyBox";
import { Thread } from "./Thread";
import { useReply } from "./useReply";
import { useTicketRoom } from "./useTicketRoom";

/** The user's side panel of one ticket (spec 03 §2.10): the thread, live over the ticket's room, and the reply box. */
export function TicketPanel({ ticketId }: { ticketId: string }) {
  const client = useQueryClient();
  const key = ticketQuery(ticketId).queryKey;
  const ticket = useQuery(ticketQuery(ticketId));
  const update = (f: (t: Ticket) => Ticket) => client.setQueryData(key, (t: Ticket | undefined) => (t ? f(t) : t));
  useTicketRoom(ticketRoom(ticketId), (event) => {
    update((t) => applyTicketEvent(t, event));
    void client.invalidateQueries({ queryKey: ["support", "mine"] });
  });
  const reply = useReply(ticketId, false, (m) => update((t) => withMessage(t, m)));

  const notify = useMutation({
    mutationFn: (on: boolean) => Support.notifications(ticketId, on),
    onMutate: (on) => update((t) => ({ ...t, notify_via_email_on_admin_response: on })),
    // a failed toggle reverts the checkbox (spec 03 §4)
    onError: (_e, on) => update((t) => ({ ...t, notify_via_email_on_admin_response: !on })),
  });

  if (ticket.isPending)
    return (
      <VStack py="12">
        <Spinner color="brand.solid" />
      </VStack>
    );
  if (ticket.isError)
    return (
      <VStack py="12" data-testid="ticket-panel-error">
        <Text fontWeight="semibold">
          {ticket.error instanceof ApiError && ticket.error.status === 404 ? SupportRules.NOT_FOUND : SupportMessages.LOAD_CONVERSATION_FAILED}
        </Text>
      </VStack>
    );
  const t = ticket.data;
  return (
    <Stack gap="4" data-testid="ticket-panel" data-ticket-id={t.id}>
      <Box>
        <Heading size="md">{t.title}</Heading>
        <HStack gap="2" mt="1" fontSize="xs" color="fg.muted">
          <Text>#{shortId(t.id)}</Text>
          <Badge size="sm">{categoryLabels[t.category]}</Badge>
          <Badge size="sm" colorPalette={isClosed(t) ? "gray" : "green"}>
            {isClosed(t) ? "Closed" : "Open"}
          </Badge>
        </HStack>
      </Box>
      <Thread messages={t.messages ?? []} />
      {isClosed(t) ? (
        <Text color="fg.muted" textAlign="center" data-testid="ticket-closed">
          {SupportRules.CLOSED}
        </Text>
      ) : (
        <>
          {t.status === "pending_admin_response" && (
            <Checkbox.Root
              size="sm"
              checked={t.notify_via_email_on_admin_response}
              onCheckedChange={(e) => notify.mutate(!!e.checked)}
              disabled={notify.isPending}
              data-testid="ticket-notify"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>E-mail me when the support team answers</Checkbox.Label>
            </Checkbox.Root>
          )}
          <ReplyBox value={reply.text} onChange={reply.setText} attachments={reply.attachments} sending={reply.sending} onSend={reply.submit} />
        </>
      )}
    </Stack>
  );
}
