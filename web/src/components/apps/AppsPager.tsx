import { Button, HStack, Text } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight } from "lucide-react";

/** Previous / Next paging; the list asks for one extra app to know whether a next page exists. */
export function AppsPager({ page, hasNext, onPage, busy }: { page: number; hasNext: boolean; onPage: (page: number) => void; busy?: boolean }) {
  if (page === 1 && !hasNext) return null;
  return (
    <HStack as="nav" aria-label="Pages" justify="center" gap="3">
      <Button data-testid="prev-page" size="sm" variant="outline" bg="bg" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronLeft /> Previous
      </Button>
      <Text fontSize="sm" color="fg.muted" minW="16" textAlign="center" aria-live="polite">
        Page {page}
      </Text>
      <Button data-testid="next-page" size="sm" variant="outline" bg="bg" disabled={!hasNext || busy} onClick={() => onPage(page + 1)}>
        Next <ChevronRight />
      </Button>
    </HStack>
  );
}
