import { Button } from "@chakra-ui/react";
import { ThumbsUp } from "lucide-react";
import type { CatalogEntry } from "../../../../schemas/catalog";

/** The upvote control: the count, filled when the caller has voted. */
export function UpvoteButton({ entry, onToggle, busy }: { entry: CatalogEntry; onToggle: () => void; busy: boolean }) {
  const on = entry.did_current_user_upvote;
  return (
    <Button
      size="xs"
      variant={on ? "subtle" : "outline"}
      colorPalette={on ? "brand" : undefined}
      aria-pressed={on}
      // the name holds the visible count (WCAG 2.5.3 Label in Name; axe drops a count in parentheses)
      aria-label={`${on ? "Remove upvote" : "Upvote"}: ${entry.upvotes}`}
      disabled={busy}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onToggle();
      }}
      data-testid={`upvote-${entry.item.id}`}
      data-upvoted={on ? "true" : "false"}
    >
      <ThumbsUp size={14} fill={on ? "currentColor" : "none"} /> <span data-testid="upvote-count">{entry.upvotes}</span>
    </Button>
  );
}
