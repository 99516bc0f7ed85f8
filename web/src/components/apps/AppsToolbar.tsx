import { Box, Button, Flex, HStack, SegmentGroup } from "@chakra-ui/react";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, List, Star, User, Users } from "lucide-react";
import type { ReactNode } from "react";
import { AppsSearchInput } from "./AppsSearchInput";

interface Props {
  search: string;
  mine: boolean;
  starred: boolean;
  sort: "desc" | "asc";
  view: "grid" | "table";
  onSearch: (text: string) => void;
  onMine: (mine: boolean) => void;
  onToggleStarred: () => void;
  onToggleSort: () => void;
  onToggleView: () => void;
}

const whose = [
  { value: "mine", label: "My Apps", Icon: User },
  { value: "all", label: "All Apps", Icon: Users },
] as const;

/**
 * Search, My Apps / All Apps, starred only, sort by last update, grid / table (spec 01 §2 Apps list).
 * My Apps / All Apps is a pair with the current one selected, so the control shows the state, not the action.
 */
export function AppsToolbar(p: Props) {
  const chip = { size: "sm", rounded: "lg", bg: "bg" } as const;
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <AppsSearchInput value={p.search} onSearch={p.onSearch} />
      <HStack gap="2" wrap="wrap">
        <SegmentGroup.Root size="sm" value={p.mine ? "mine" : "all"} onValueChange={(e) => p.onMine(e.value === "mine")} aria-label="Whose apps" data-testid="toggle-mine" data-mine={p.mine}>
          <SegmentGroup.Indicator bg="brand.subtle" />
          {whose.map(({ value, label, Icon }) => (
            <SegmentGroup.Item key={value} value={value} data-testid={`apps-${value}`}>
              <SegmentGroup.ItemText display="flex" alignItems="center" gap="1.5">
                <Icon size={14} /> {label}
              </SegmentGroup.ItemText>
              <SegmentGroup.ItemHiddenInput />
            </SegmentGroup.Item>
          ))}
        </SegmentGroup.Root>
        <Button
          {...chip}
          data-testid="toggle-starred"
          variant={p.starred ? "subtle" : "outline"}
          colorPalette={p.starred ? "yellow" : "gray"}
          aria-pressed={p.starred}
          onClick={p.onToggleStarred}
        >
          <Star fill={p.starred ? "currentColor" : "none"} />
          Starred
        </Button>
        <Button
          {...chip}
          data-testid="toggle-sort"
          variant="outline"
          aria-label={p.sort === "desc" ? "Newest first by last update" : "Oldest first by last update"}
          title={p.sort === "desc" ? "Newest first: click for oldest first" : "Oldest first: click for newest first"}
          data-sort={p.sort}
          onClick={p.onToggleSort}
        >
          {p.sort === "desc" ? <ArrowDownWideNarrow /> : <ArrowUpNarrowWide />}
          <Box as="span" display={{ base: "none", sm: "inline" }}>
            {p.sort === "desc" ? "Newest" : "Oldest"}
          </Box>
        </Button>
        <Button
          {...chip}
          data-testid="toggle-view"
          variant="outline"
          px="1"
          gap="0"
          aria-label={p.view === "grid" ? "Switch to table view" : "Switch to grid view"}
          title={p.view === "grid" ? "Switch to table view" : "Switch to grid view"}
          data-view={p.view}
          onClick={p.onToggleView}
        >
          <ViewIcon active={p.view === "grid"}>
            <LayoutGrid />
          </ViewIcon>
          <ViewIcon active={p.view === "table"}>
            <List />
          </ViewIcon>
        </Button>
      </HStack>
    </Flex>
  );
}

function ViewIcon({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <Box display="grid" placeItems="center" boxSize="6" rounded="md" bg={active ? "brand.muted" : "transparent"} color={active ? "brand.fg" : "fg.subtle"}>
      {children}
    </Box>
  );
}
