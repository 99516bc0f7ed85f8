import { Button, HStack, Heading, IconButton, Input, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { BonusCredit } from "../../../../schemas/billing";
import { Admin, bonusCreditsQuery } from "../../api/admin";
import { ConfirmDialog } from "../ui/ConfirmDialog";

const day = (iso: string | null) => (iso ? format(parseISO(iso), "MMM d, yyyy") : "Never");

/** Bonus credits (spec 03 §2.3, §5): listed, added (messages ≥ 1 and a reason, both filled) and deleted after a confirmation. */
export function BonusCredits({ userId }: { userId: string }) {
  const client = useQueryClient();
  const grants = useQuery(bonusCreditsQuery(userId));
  const [messages, setMessages] = useState("");
  const [reason, setReason] = useState("");
  const [deleting, setDeleting] = useState<BonusCredit | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ["admin", "bonus", userId] });
  const count = Number.parseInt(messages, 10);
  const valid = Number.isInteger(count) && count >= 1 && reason.trim().length > 0;

  // spec 03 §8: admin actions fail silently
  const add = useMutation({
    mutationFn: () => Admin.addBonus({ user_id: userId, num_messages: count, reason: reason.trim() }),
    onSuccess: () => (setMessages(""), setReason("")),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => Admin.deleteBonus(userId, id), onSettled: () => (setDeleting(null), refresh()) });

  return (
    <Stack gap="2" data-testid="admin-bonus-credits">
      <Heading size="sm">Bonus Credits</Heading>
      <HStack
        as="form"
        gap="2"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && !add.isPending) add.mutate();
        }}
      >
        <Input type="number" min={1} w="28" value={messages} onChange={(e) => setMessages(e.target.value)} placeholder="Messages" aria-label="Number of messages" data-testid="bonus-messages" />
        <Input flex="1" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Reason" aria-label="Reason" data-testid="bonus-reason" />
        <Button type="submit" colorPalette="brand" disabled={!valid} loading={add.isPending} data-testid="bonus-add">
          Add
        </Button>
      </HStack>
      {grants.isPending ? (
        <Spinner size="sm" />
      ) : !grants.data?.length ? (
        <Text color="fg.muted" fontSize="sm" data-testid="bonus-empty">
          No bonus credits found for this user.
        </Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Messages</Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
              <Table.ColumnHeader>Created</Table.ColumnHeader>
              <Table.ColumnHeader>Expires</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {grants.data.map((g) => (
              <Table.Row key={g.id} data-testid="bonus-row" data-reason={g.reason}>
                <Table.Cell>{g.num_messages}</Table.Cell>
                <Table.Cell>{g.reason}</Table.Cell>
                <Table.Cell>{day(g.created_date)}</Table.Cell>
                <Table.Cell>{day(g.expires_date)}</Table.Cell>
                <Table.Cell>
                  <IconButton size="xs" variant="ghost" colorPalette="red" aria-label="Delete bonus credit" onClick={() => setDeleting(g)} data-testid="bonus-delete">
                    <Trash2 />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <ConfirmDialog
        confirmation={deleting && { title: "Delete bonus credits?", text: `${deleting.num_messages} messages (${deleting.reason}) will be taken away.`, action: "Delete" }}
        pending={remove.isPending}
        testIds={{ dialog: "bonus-delete-dialog", action: "bonus-delete-confirm" }}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
