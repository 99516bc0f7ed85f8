import { Badge, Box, Button, Checkbox, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { useState } from "react";
import type { ReactNode } from "react";
import { SupportMessages, type TicketDetail } from "../../../../schemas/support";
import { Support, agentQuery } from "../../api/support";
import { toast } from "../ui/toaster";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="1.5" borderWidth="1px" rounded="lg" p="3" fontSize="sm" data-testid={testId}>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

const date = (iso: string) => new Date(iso).toLocaleDateString();

/** The detail's sidebar (spec 03 §2.11): the user, their subscriptions, the app, and the ticket's internal categories. */
export function TicketSidebar({ detail }: { detail: TicketDetail }) {
  const { user, subscriptions, app, ticket } = detail;
  return (
    <Stack gap="3" w={{ base: "full", xl: "72" }} flexShrink="0">
      <Section title="User" testId="sidebar-user">
        {user ? (
          <>
            <Text fontWeight="medium">{user.email}</Text>
            {user.full_name && <Text>{user.full_name}</Text>}
            <Text color="fg.muted">
              Subscription status: {user.stripe_subscription_status ?? "none"} · {user.subscription_tier}
            </Text>
            <Link asChild color="brand.fg" fontSize="sm">
              <RouterLink to="/user-management" search={{ userId: user.id }} data-testid="sidebar-user-link">
                Open in User Management
              </RouterLink>
            </Link>
            {detail.stripe_customer_url && (
              <Link href={detail.stripe_customer_url} target="_blank" rel="noreferrer" color="brand.fg" data-testid="sidebar-stripe-link">
                Customer in Stripe
              </Link>
            )}
          </>
        ) : (
          <Text color="fg.muted">{ticket.created_by}</Text>
        )}
      </Section>
      <Section title="Subscription" testId="sidebar-subscription">
        {subscriptions.length === 0 ? (
          <Text color="fg.muted">{detail.subscriptions_error ?? SupportMessages.NO_SUBSCRIPTIONS}</Text>
        ) : (
          subscriptions.map((s) => (
            <HStack key={s.id} justify="space-between">
              <Text>{s.plan.nickname ?? s.id}</Text>
              <Badge size="sm">{s.status}</Badge>
              {s.amount !== null && (
                <Text color="fg.muted">
                  ${(s.amount / 100).toFixed(2)}/{s.interval}
                </Text>
              )}
            </HStack>
          ))
        )}
      </Section>
      {app && (
        <Section title="App" testId="sidebar-app">
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/apps/$appId/editor" params={{ appId: app.id }}>
              {app.name}
            </RouterLink>
          </Link>
          <Text color="fg.muted">Visibility: {app.public_settings}</Text>
          <Text color="fg.muted">
            Created {date(app.created_date)} · Updated {date(app.updated_date)}
          </Text>
          <Text color="fg.subtle" fontSize="xs">
            {app.id}
          </Text>
        </Section>
      )}
      <InternalCategories ticketId={ticket.id} current={ticket.internal_categories} />
    </Stack>
  );
}

function InternalCategories({ ticketId, current }: { ticketId: string; current: string[] }) {
  const client = useQueryClient();
  const options = useQuery(agentQuery);
  const [editing, setEditing] = useState<string[] | null>(null);
  const save = useMutation({
    mutationFn: (list: string[]) => Support.setInternalCategories(ticketId, list),
    onSuccess: () => (setEditing(null), void client.invalidateQueries({ queryKey: ["support"] })),
    onError: () => toast.error(SupportMessages.INTERNAL_CATEGORIES_FAILED),
  });
  const choices = [...new Set([...(options.data?.internal_category_options ?? []), ...current])];
  return (
    <Section title="Internal Categories" testId="sidebar-internal">
      {editing ? (
        <>
          {choices.length === 0 && <Text color="fg.muted">No categories yet: add them in AI Settings.</Text>}
          {choices.map((c) => (
            <Checkbox.Root
              key={c}
              size="sm"
              checked={editing.includes(c)}
              onCheckedChange={(e) => setEditing((list) => (e.checked ? [...(list ?? []), c] : (list ?? []).filter((x) => x !== c)))}
              data-testid="internal-option"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{c}</Checkbox.Label>
            </Checkbox.Root>
          ))}
          <HStack>
            <Button size="xs" colorPalette="brand" loading={save.isPending} onClick={() => save.mutate(editing)} data-testid="internal-save">
              Save
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setEditing(null)} data-testid="internal-cancel">
              Cancel
            </Button>
          </HStack>
        </>
      ) : (
        <>
          <HStack wrap="wrap" gap="1">
            {current.length === 0 ? <Text color="fg.muted">None</Text> : current.map((c) => <Badge key={c}>{c}</Badge>)}
          </HStack>
          <Box>
            <Button size="xs" variant="outline" onClick={() => setEditing(current)} data-testid="internal-edit">
              Edit
            </Button>
          </Box>
        </>
      )}
    </Section>
  );
}
