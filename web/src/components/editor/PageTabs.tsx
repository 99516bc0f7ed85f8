import { HStack, chakra } from "@chakra-ui/react";
import { memo } from "react";

/** The app's pages by name; the selected one comes from the route (default: the first page). */
export const PageTabs = memo(PageTabsView, (a, b) => a.selected === b.selected && a.onSelect === b.onSelect && a.pages.join("\n") === b.pages.join("\n"));

function PageTabsView({ pages, selected, onSelect }: { pages: string[]; selected: string | null; onSelect(name: string): void }) {
  if (!pages.length) return <HStack h="2" />;
  return (
    <HStack gap="1" overflowX="auto" role="tablist" aria-label="Pages" css={{ scrollbarWidth: "none" }}>
      {pages.map((name) => {
        const active = name === selected;
        return (
          <chakra.button
            key={name}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => onSelect(name)}
            data-testid={`page-tab-${name}`}
            px="3"
            py="2"
            fontSize="sm"
            whiteSpace="nowrap"
            fontWeight={active ? "semibold" : "medium"}
            color={active ? "fg" : "fg.muted"}
            borderBottomWidth="2px"
            borderColor={active ? "brand.solid" : "transparent"}
            mb="-1px"
            _hover={{ color: "fg" }}
          >
            {name}
          </chakra.button>
        );
      })}
    </HStack>
  );
}
