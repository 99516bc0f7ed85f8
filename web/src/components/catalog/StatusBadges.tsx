import { Badge, HStack } from "@chakra-ui/react";
import type { CatalogItem } from "../../../../schemas/catalog";

/** Official, Pending review and Private, as they apply. */
export function StatusBadges({ item }: { item: CatalogItem }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      {item.official && (
        <Badge size="sm" colorPalette="orange" variant="subtle">
          Official
        </Badge>
      )}
      {item.status === "pending" && (
        <Badge size="sm" colorPalette="yellow" variant="subtle" data-testid="pending-badge">
          Pending review
        </Badge>
      )}
      {item.is_private && (
        <Badge size="sm" variant="subtle" data-testid="private-badge">
          Private
        </Badge>
      )}
    </HStack>
  );
}
