import { Box, Button, Flex, HStack } from "@chakra-ui/react";
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
  onToggleMine: () => void;
  onToggleStarred: () => void;
  onToggleSort: () => void;
  onToggleView: () => void;
}

/** Search, My Apps / All Apps, starred only, sort by last update, grid / table (spec 01 §2 Apps list). */
export function AppsToolbar(p: Props) {
  const chip = { size: "sm", rounded: "lg", bg: "bg" } as const;
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <AppsSearchInput value={p.search} onSearch={p.onSearch} />
      <HStack gap="2" wrap="wrap">
        <Button
          {...chip}
          data-testid="toggle-mine"
          variant={p.mine ? "subtle" : "outline"}
          colorPalette={p.mine ? "brand" : "gray"}
          aria-pressed={p.mine}
          title={p.mine ? "Showing your apps: click to show all apps" : "Showing all apps: click to show only yours"}
          onClick={p.onToggleMine}
        >
          {p.mine ? <User /> : <Users />}
          {p.mine ? "My Apps" : "All Apps"}
        </Button>
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
