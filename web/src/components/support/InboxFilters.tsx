import { Box, Button, Input, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { type InboxCounts, TicketCategory, categoryLabels } from "../../../../schemas/support";
import { type InboxFilters as Filters, agentName, noFilters } from "./rules";

function Choice({ active, onClick, children, count, testId }: { active: boolean; onClick(): void; children: ReactNode; count?: number; testId: string }) {
  return (
    <Button
      size="xs"
      variant={active ? "subtle" : "ghost"}
      justifyContent="space-between"
      onClick={onClick}
      data-testid={testId}
      data-active={active || undefined}
    >
      <span>{children}</span>
      {count !== undefined && (
        <Text as="span" color="fg.muted">
          {count}
        </Text>
      )}
    </Button>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** The inbox's left panel (spec 03 §2.11); counts come from the server's maintained aggregates. */
export function InboxFilters({ filters, counts, onChange }: { filters: Filters; counts: InboxCounts | undefined; onChange(next: Filters): void }) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const c = counts;
  return (
    <Stack gap="5" data-testid="inbox-filters">
      <Input size="sm" placeholder="Search tickets" value={filters.search} onChange={(e) => set({ search: e.target.value })} data-testid="inbox-search" />
      <Group title="Pending Response">
        <Choice active={!filters.pending} onClick={() => set({ pending: "" })} testId="filter-pending-all">
          All
        </Choice>
        <Choice active={filters.pending === "admin"} onClick={() => set({ pending: "admin" })} count={c?.pending_admin} testId="filter-pending-admin">
          Pending Admin
        </Choice>
        <Choice active={filters.pending === "user"} onClick={() => set({ pending: "user" })} count={c?.pending_user} testId="filter-pending-user">
          Pending User
        </Choice>
        <Choice active={filters.pending === "resolved"} onClick={() => set({ pending: "resolved" })} count={c?.resolved} testId="filter-pending-resolved">
          Resolved
        </Choice>
      </Group>
      <Group title="Assigned">
        <Choice
          active={filters.assigned === "assigned"}
          onClick={() => set({ assigned: filters.assigned === "assigned" ? "" : "assigned" })}
          count={c?.assigned}
          testId="filter-assigned-any"
        >
          All Assigned
        </Choice>
        <Choice
          active={filters.assigned === "unassigned"}
          onClick={() =>
            set({
              assigned: filters.assigned === "unassigned" ? "" : "unassigned",
            })
          }
          count={c?.unassigned}
          testId="filter-unassigned"
        >
          Unassigned
        </Choice>
        {Object.entries(c?.by_assignee ?? {}).map(([email, n]) => (
          <Choice
            key={email}
            active={filters.assigned === email}
            onClick={() => set({ assigned: filters.assigned === email ? "" : email })}
            count={n}
            testId={`filter-agent-${agentName(email)}`}
          >
            {agentName(email)}
          </Choice>
        ))}
      </Group>
      <Group title="Category">
        <Choice active={!filters.category} onClick={() => set({ category: "" })} testId="filter-category-all">
          All
        </Choice>
        {TicketCategory.options.map((cat) => (
          <Choice
            key={cat}
            active={filters.category === cat}
            onClick={() => set({ category: cat })}
            count={c?.by_category[cat]}
            testId={`filter-category-${cat}`}
          >
            {categoryLabels[cat]}
          </Choice>
        ))}
      </Group>
      {Object.keys(c?.by_internal_category ?? {}).length > 0 && (
        <Group title="Internal Categories">
          {Object.entries(c!.by_internal_category).map(([name, n]) => (
            <Choice
              key={name}
              active={filters.internal === name}
              onClick={() => set({ internal: filters.internal === name ? "" : name })}
              count={n}
              testId="filter-internal"
            >
              {name}
            </Choice>
          ))}
        </Group>
      )}
      <Box>
        <Button size="xs" variant="outline" w="full" onClick={() => onChange({ ...noFilters, onlyOpen: filters.onlyOpen })} data-testid="filter-clear">
          Clear Filters
        </Button>
      </Box>
    </Stack>
  );
}
