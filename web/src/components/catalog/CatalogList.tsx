import { Box, Button, Container, Heading, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plus, Search } from "lucide-react";
import { useState } from "react";
import type { CatalogEntry } from "../../../../schemas/catalog";
import { catalogListQuery } from "../../api/catalog";
import { CatalogCard } from "./CatalogCard";
import { useUpvote } from "./useUpvote";

/** Spec 03 §9 Catalogue: most-upvoted first unless the user picks newest or oldest. */
export const sorts = {
  "most-upvoted": "Most upvoted",
  newest: "Newest",
  oldest: "Oldest",
} as const;
export type CatalogSort = keyof typeof sorts;

const byDate = (a: CatalogEntry, b: CatalogEntry) => a.item.created_at.localeCompare(b.item.created_at);
const order: Record<CatalogSort, (a: CatalogEntry, b: CatalogEntry) => number> = {
  "most-upvoted": (a, b) => b.upvotes - a.upvotes || byDate(b, a),
  newest: (a, b) => byDate(b, a),
  oldest: byDate,
};

/** Search matches the name, the description and the owner's e-mail, ignoring case. */
export function shown(entries: CatalogEntry[], search: string, sort: CatalogSort): CatalogEntry[] {
  const q = search.trim().toLowerCase();
  const hit = (e: CatalogEntry) => !q || [e.item.name, e.item.description, e.user_info.email].some((t) => t.toLowerCase().includes(q));
  return entries.filter(hit).sort(order[sort]);
}

/** /integrations-catalog (spec 03 §2.7): banner, Create Integration, search, sort and the grid of cards. */
export function CatalogList() {
  const { data: entries } = useSuspenseQuery(catalogListQuery);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<CatalogSort>("most-upvoted");
  const upvote = useUpvote();
  const visible = shown(entries, search, sort);

  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }} px={{ base: "4", md: "6" }}>
      <Stack gap="8">
        <Box rounded="2xl" p={{ base: "6", md: "10" }} bgGradient="to-br" gradientFrom="brand.subtle" gradientTo="orange.subtle" data-testid="catalog-banner">
          <Stack gap="3" maxW="2xl">
            <Heading size={{ base: "2xl", md: "3xl" }}>Integrations Catalog</Heading>
            <Text color="fg.muted">Teach Kiln a service once, then add it to any app: payments, e-mail, messaging, AI models and more, shared by the community.</Text>
            <Button asChild colorPalette="brand" alignSelf="flex-start" data-testid="create-integration">
              <Link to="/integrations-catalog/editor/{-$itemId}" params={{}}>
                <Plus /> Create Integration
              </Link>
            </Button>
          </Stack>
        </Box>

        <HStack gap="3" flexWrap={{ base: "wrap", md: "nowrap" }}>
          <InputGroup flex="1" minW="60" startElement={<Search size={16} />}>
            <Input
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              placeholder="Search integrations"
              aria-label="Search integrations"
              data-testid="catalog-search"
            />
          </InputGroup>
          <NativeSelect.Root w={{ base: "full", md: "48" }}>
            <NativeSelect.Field value={sort} onChange={(e) => setSort(e.currentTarget.value as CatalogSort)} aria-label="Sort" data-testid="catalog-sort">
              {Object.entries(sorts).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>

        {visible.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="12" data-testid="catalog-empty">
            {search.trim() ? "No integrations match your search." : "No integrations yet."}
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" data-testid="catalog-grid">
            {visible.map((entry) => (
              <CatalogCard key={entry.item.id} entry={entry} onUpvote={() => upvote.toggle(entry)} upvoting={upvote.isUpvoting(entry.item.id)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
