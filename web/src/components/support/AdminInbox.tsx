import { Badge, Box, Button, Checkbox, Flex, Heading, HStack, Link, Spinner, Stack, Text, VStack } from "@chakra-ui/react";
import { keepPreviousData, useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { RefreshCw, Settings } from "lucide-react";
import { useState } from "react";
import { SUPPORT_INBOX_ROOM, SupportMessages, SupportRules, type Ticket, categoryLabels } from "../../../../schemas/support";
import { meQuery } from "../../api/auth";
import { Support, inboxQuery, shortId } from "../../api/support";
import { useDebounced } from "../../lib/useDebounced";
import { AdminOnly } from "../admin/AccessDenied";
import { KilnMark } from "../KilnMark";
import { InboxFilters } from "./InboxFilters";
import { type InboxFilters as Filters, agentName, inboxQueryOf, noFilters, selectableIds } from "./rules";
import { TicketDetailPane } from "./TicketDetailPane";
import { useTicketRoom } from "./useTicketRoom";

/** The admins' ticket inbox (spec 03 §2.11): header, filters, the list with selection, the selected ticket's detail. */
export function AdminInbox({ selectedId, select }: { selectedId?: string; select(id: string): void }) {
  const { data: me } = useSuspenseQuery(meQuery);
  return (
    <AdminOnly me={me}>
      <Inbox selectedId={selectedId} select={select} />
    </AdminOnly>
  );
}

function Inbox({ selectedId, select }: { selectedId?: string; select(id: string): void }) {
  const client = useQueryClient();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const search = useDebounced(filters.search, 300);
  const query = inboxQueryOf({ ...filters, search });
  const inbox = useQuery({
    ...inboxQuery(query),
    placeholderData: keepPreviousData,
  });
  const [checked, setChecked] = useState<Set<string>>(new Set());

  // every change to any ticket reaches the inbox room: the list and its counts are read again
  useTicketRoom(SUPPORT_INBOX_ROOM, () => void client.invalidateQueries({ queryKey: ["support", "inbox"] }));

  const tickets = inbox.data?.conversations ?? [];
  const open = selectableIds(tickets);
  const selected = [...checked].filter((id) => open.includes(id));

  const resolve = useMutation({
    mutationFn: (ids: string[]) => Support.resolveMany(ids),
    onSuccess: (result) => {
      setChecked(new Set());
      window.alert(SupportRules.resolvedMessage(result.resolved.length, result.errors.length));
    },
    onError: () => window.alert(SupportMessages.RESOLVE_FAILED),
    onSettled: () => client.invalidateQueries({ queryKey: ["support"] }),
  });

  const toggle = (id: string, on: boolean) =>
    setChecked((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (inbox.isError && !inbox.data)
    return (
      <VStack py="24" gap="4" data-testid="inbox-error">
        <Text fontWeight="semibold">{SupportMessages.LOAD_TICKETS_FAILED}</Text>
        <Button onClick={() => inbox.refetch()}>Try Again</Button>
      </VStack>
    );

  return (
    <Flex direction="column" h="100vh" data-testid="admin-inbox">
      <HStack px="4" py="3" borderBottomWidth="1px" gap="4" wrap="wrap">
        <Link asChild aria-label="Kiln home">
          <RouterLink to="/">
            <KilnMark size={24} />
          </RouterLink>
        </Link>
        <Heading size="lg">Support Inbox</Heading>
        <Badge size="lg" data-testid="inbox-count">
          {inbox.data?.total ?? 0}
        </Badge>
        <Checkbox.Root
          size="sm"
          checked={filters.onlyOpen}
          onCheckedChange={(e) => setFilters((f) => ({ ...f, onlyOpen: !!e.checked }))}
          data-testid="inbox-only-open"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Show only open tickets</Checkbox.Label>
        </Checkbox.Root>
        <Box flex="1" />
        {selected.length > 0 && (
          <Button
            size="sm"
            colorPalette="green"
            loading={resolve.isPending}
            onClick={() => window.confirm(SupportRules.confirmResolve(selected.length)) && resolve.mutate(selected)}
            data-testid="inbox-resolve"
          >
            Resolve {selected.length} ticket(s)
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => inbox.refetch()} loading={inbox.isFetching && !inbox.isPending} data-testid="inbox-refresh">
          <RefreshCw /> Refresh
        </Button>
        <Button size="sm" variant="outline" asChild>
          <RouterLink to="/support/admin/agent-backoffice" data-testid="inbox-ai-settings">
            <Settings /> AI Settings
          </RouterLink>
        </Button>
      </HStack>
      <Flex flex="1" minH="0">
        <Box w="60" flexShrink="0" borderRightWidth="1px" p="4" overflowY="auto" display={{ base: "none", md: "block" }}>
          <InboxFilters filters={filters} counts={inbox.data?.counts} onChange={setFilters} />
        </Box>
        <Box w={{ base: "full", md: "80" }} flexShrink="0" borderRightWidth="1px" overflowY="auto" data-testid="inbox-list">
          <HStack px="3" py="2" borderBottomWidth="1px">
            <Checkbox.Root
              size="sm"
              checked={open.length > 0 && selected.length === open.length}
              disabled={open.length === 0}
              onCheckedChange={(e) => setChecked(new Set(e.checked ? open : []))}
              data-testid="inbox-select-all"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Select all open tickets</Checkbox.Label>
            </Checkbox.Root>
            {inbox.isFetching && <Spinner size="xs" />}
          </HStack>
          {tickets.length === 0 ? (
            <Text p="6" color="fg.muted" textAlign="center" data-testid="inbox-empty">
              {SupportMessages.NO_CONVERSATIONS}
            </Text>
          ) : (
            tickets.map((t) => (
              <InboxRow
                key={t.id}
                ticket={t}
                active={t.id === selectedId}
                checked={checked.has(t.id)}
                onCheck={(on) => toggle(t.id, on)}
                onSelect={() => select(t.id)}
              />
            ))
          )}
        </Box>
        <Box flex="1" minW="0" overflowY="auto" p="4">
          {selectedId ? (
            <TicketDetailPane key={selectedId} ticketId={selectedId} />
          ) : (
            <VStack py="24" color="fg.muted">
              <Text data-testid="inbox-placeholder">{SupportMessages.SELECT_CONVERSATION}</Text>
            </VStack>
          )}
        </Box>
      </Flex>
    </Flex>
  );
}

function InboxRow({
  ticket,
  active,
  checked,
  onCheck,
  onSelect,
}: {
  ticket: Ticket;
  active: boolean;
  checked: boolean;
  onCheck(on: boolean): void;
  onSelect(): void;
}) {
  const resolved = ticket.ticket_status === "resolved";
  return (
    <HStack
      align="start"
      px="3"
      py="2.5"
      borderBottomWidth="1px"
      bg={active ? "brand.subtle" : undefined}
      data-testid="inbox-row"
      data-ticket-id={ticket.id}
      data-title={ticket.title}
    >
      <Box w="5" pt="0.5">
        {!resolved && (
          <Checkbox.Root
            size="sm"
            checked={checked}
            onCheckedChange={(e) => onCheck(!!e.checked)}
            aria-label={`Select ${ticket.title}`}
            data-testid="inbox-row-check"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
          </Checkbox.Root>
        )}
      </Box>
      <Stack gap="1" flex="1" minW="0" cursor="pointer" onClick={onSelect} data-testid="inbox-row-open">
        <Text fontWeight="medium" fontSize="sm" truncate>
          {ticket.title}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {ticket.created_by}
        </Text>
        <HStack gap="1" wrap="wrap">
          <Badge size="xs">{categoryLabels[ticket.category]}</Badge>
          <Badge size="xs" colorPalette={resolved ? "gray" : ticket.pending_response_from === "admin" ? "orange" : "blue"}>
            {resolved ? "Resolved" : ticket.pending_response_from === "admin" ? "Pending Admin" : "Pending User"}
          </Badge>
          {ticket.assigned_to && (
            <Badge size="xs" variant="outline">
              {agentName(ticket.assigned_to)}
            </Badge>
          )}
          <Text fontSize="2xs" color="fg.subtle">
            #{shortId(ticket.id)}
          </Text>
        </HStack>
      </Stack>
    </HStack>
  );
}
