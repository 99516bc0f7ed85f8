import { Badge, Box, Button, Flex, Heading, HStack, Stack, Tabs, Text, VStack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { SupportMessages, type Ticket, categoryLabels, isClosed } from "../../../../schemas/support";
import { myTicketsQuery, shortId } from "../../api/support";
import { NewTicketDialog } from "./NewTicketDialog";
import { type TicketTab, ticketsIn } from "./rules";
import { TicketPanel } from "./TicketPanel";

export interface TicketsSearch {
  appId?: string;
  openNew?: true;
  conversationId?: string;
}

/** My tickets (spec 03 §2.10): Open / Closed / All with counts, the list newest change first, the side panel of the chosen one. */
export function MyTickets({ search, setSearch }: { search: TicketsSearch; setSearch(next: Partial<TicketsSearch>, replace?: boolean): void }) {
  const list = useQuery(myTicketsQuery(search.appId));
  const [tab, setTab] = useState<TicketTab>("open");
  const [creating, setCreating] = useState(false);

  // openNew=true opens the dialog once, then leaves the address
  useEffect(() => {
    if (!search.openNew) return;
    setCreating(true);
    setSearch({ openNew: undefined });
  }, [search.openNew, setSearch]);

  if (list.isError && !list.data)
    return (
      <VStack py="24" gap="4" data-testid="tickets-error">
        <Text fontWeight="semibold">{SupportMessages.LOAD_TICKETS_FAILED}</Text>
        <Button onClick={() => list.refetch()}>Try Again</Button>
      </VStack>
    );
  const data = list.data ?? {
    conversations: [],
    counts: { open: 0, closed: 0, all: 0 },
  };
  const shown = ticketsIn(tab, data.conversations);

  return (
    <Box maxW="7xl" mx="auto" px={{ base: "4", md: "8" }} py="8" data-testid="my-tickets">
      <HStack justify="space-between" mb="6" wrap="wrap" gap="3">
        <Box>
          <Heading size="xl">My Support Tickets</Heading>
          {search.appId && (
            <Text color="fg.muted" fontSize="sm" data-testid="tickets-app-filter">
              Tickets about app {search.appId}
            </Text>
          )}
        </Box>
        <Button colorPalette="brand" onClick={() => setCreating(true)} data-testid="new-ticket">
          <Plus /> Create New Ticket
        </Button>
      </HStack>
      <Flex gap="6" direction={{ base: "column", lg: "row" }} align="flex-start">
        <Box flex="1" minW="0" w="full">
          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as TicketTab)} size="sm">
            <Tabs.List>
              {(["open", "closed", "all"] as const).map((t) => (
                <Tabs.Trigger key={t} value={t} data-testid={`tickets-tab-${t}`}>
                  {t === "open" ? "Open" : t === "closed" ? "Closed" : "All"} <Badge size="xs">{data.counts[t]}</Badge>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Tabs.Root>
          {shown.length === 0 ? (
            <VStack py="16" gap="3" data-testid="tickets-empty">
              <Text color="fg.muted">{SupportMessages.NO_CONVERSATIONS}</Text>
              <Button variant="outline" onClick={() => setCreating(true)}>
                Create New Ticket
              </Button>
            </VStack>
          ) : (
            <Stack gap="2" mt="4">
              {shown.map((t) => (
                <TicketRow key={t.id} ticket={t} selected={t.id === search.conversationId} onSelect={() => setSearch({ conversationId: t.id }, false)} />
              ))}
            </Stack>
          )}
        </Box>
        {search.conversationId && (
          <Box w={{ base: "full", lg: "md" }} flexShrink="0" borderWidth="1px" rounded="xl" p="4" position={{ lg: "sticky" }} top="20">
            <TicketPanel key={search.conversationId} ticketId={search.conversationId} />
          </Box>
        )}
      </Flex>
      <NewTicketDialog
        open={creating}
        appId={search.appId}
        onClose={() => setCreating(false)}
        onCreated={(t) => {
          setCreating(false);
          setTab("open");
          setSearch({ conversationId: t.id }, false);
        }}
      />
    </Box>
  );
}

function TicketRow({ ticket, selected, onSelect }: { ticket: Ticket; selected: boolean; onSelect(): void }) {
  return (
    <Box
      as="button"
      textAlign="left"
      p="3"
      rounded="lg"
      borderWidth="1px"
      borderColor={selected ? "brand.solid" : "border"}
      _hover={{ bg: "bg.subtle" }}
      onClick={onSelect}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
    >
      <HStack justify="space-between" gap="3">
        <Text fontWeight="medium" truncate>
          {ticket.title}
        </Text>
        <Badge size="sm" colorPalette={isClosed(ticket) ? "gray" : ticket.pending_response_from === "user" ? "orange" : "green"}>
          {isClosed(ticket) ? "Closed" : ticket.pending_response_from === "user" ? "Awaiting your reply" : "Open"}
        </Badge>
      </HStack>
      <HStack gap="2" fontSize="xs" color="fg.muted" mt="1">
        <Text>#{shortId(ticket.id)}</Text>
        <Text>{categoryLabels[ticket.category]}</Text>
        <Text>Updated {new Date(ticket.updated_date).toLocaleString()}</Text>
      </HStack>
    </Box>
  );
}
