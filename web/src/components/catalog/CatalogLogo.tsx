import { Box } from "@chakra-ui/react";
import { Plug } from "lucide-react";

/** An item's square logo, or a plug when it has none. */
export function CatalogLogo({ url, size = 10 }: { url: string | null; size?: number }) {
  return (
    <Box flexShrink={0} boxSize={size} rounded="lg" bg="brand.subtle" color="brand.fg" display="grid" placeItems="center" overflow="hidden">
      {url ? <img src={url} alt="" data-testid="catalog-logo" style={{ width: "100%", height: "100%", objectFit: "cover" }} /> : <Plug size={18} />}
    </Box>
  );
}
