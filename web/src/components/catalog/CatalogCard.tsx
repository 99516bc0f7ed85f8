import { Card, HStack, LinkBox, LinkOverlay, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { CatalogEntry } from "../../../../schemas/catalog";
import { CatalogLogo } from "./CatalogLogo";
import { StatusBadges } from "./StatusBadges";
import { UpvoteButton } from "./UpvoteButton";

/** One catalogue item in the grid: logo, name, badges, a 3-line description, its owner and the upvote control. */
export function CatalogCard({ entry, onUpvote, upvoting }: { entry: CatalogEntry; onUpvote: () => void; upvoting: boolean }) {
  const { item } = entry;
  return (
    <LinkBox asChild>
      <Card.Root variant="outline" rounded="xl" _hover={{ borderColor: "brand.muted", shadow: "sm" }} data-testid={`catalog-card-${item.id}`}>
        <Card.Body gap="3">
          <HStack align="flex-start" gap="3">
            <CatalogLogo url={item.image_url} />
            <Stack gap="1" flex="1" minW="0">
              <LinkOverlay asChild>
                <Link to="/integrations-catalog/item/$itemId" params={{ itemId: item.id }}>
                  <Text fontWeight="semibold" truncate>
                    {item.name}
                  </Text>
                </Link>
              </LinkOverlay>
              <StatusBadges item={item} />
            </Stack>
          </HStack>
          <Text fontSize="sm" color="fg.muted" lineClamp={3} data-testid="catalog-description">
            {item.description}
          </Text>
        </Card.Body>
        <Card.Footer justifyContent="space-between" gap="2">
          <Text fontSize="xs" color="fg.subtle" truncate>
            {entry.user_info.email}
          </Text>
          <UpvoteButton entry={entry} onToggle={onUpvote} busy={upvoting} />
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
}
