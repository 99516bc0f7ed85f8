import { Badge, Button, Card, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { ExternalLink, Package } from "lucide-react";
import { type Product, priceLabel } from "../../../../schemas/payments";
import { DashboardLink } from "./DashboardLink";
import { shortId } from "./checkoutCode";

interface ProductCatalogProps {
  products: Product[];
  /** a test checkout for one price; without it prices are listed only */
  onCheckout?(priceId: string): void;
  checkingOut?: string | null;
  /** the account whose dashboard the empty catalogue links to */
  account?: string | null;
}

/** The account's products, each price as unit_amount/100 in its currency (spec 02 §2). */
export function ProductCatalog({ products, onCheckout, checkingOut, account }: ProductCatalogProps) {
  if (products.length === 0) {
    return (
      <Stack align="center" py="6" gap="2" color="fg.muted" data-testid="payments-no-products">
        <Package size={24} />
        <Text>
          No products yet. Add products and prices in your <DashboardLink account={account} testId="payments-empty-dashboard-link" />, then refresh.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="3" data-testid="payments-products">
      {products.map((product) => (
        <Card.Root key={product.id} size="sm" data-testid={`payments-product-${product.id}`}>
          <Card.Body>
            <HStack align="start" gap="3">
              {product.images[0] && <Image src={product.images[0]} alt="" boxSize="12" rounded="md" objectFit="cover" />}
              <Stack gap="1" flex="1" minW="0">
                <Text fontWeight="semibold">{product.name}</Text>
                {product.description && (
                  <Text fontSize="sm" color="fg.muted">
                    {product.description}
                  </Text>
                )}
                {product.prices.length === 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    No active prices
                  </Text>
                )}
                {product.prices.map((price) => (
                  <HStack key={price.id} gap="2" flexWrap="wrap" data-testid={`payments-price-${price.id}`}>
                    <Text fontWeight="medium" data-testid="payments-price-amount">
                      {priceLabel(price)}
                    </Text>
                    {price.recurring && <Badge size="sm">Subscription</Badge>}
                    {onCheckout ? (
                      <Button
                        size="xs"
                        variant="outline"
                        fontFamily="mono"
                        title={`Start a test checkout for ${price.id}`}
                        loading={checkingOut === price.id}
                        onClick={() => onCheckout(price.id)}
                        data-testid={`payments-checkout-${price.id}`}
                      >
                        {shortId(price.id)} <ExternalLink size={12} />
                      </Button>
                    ) : (
                      <Text fontSize="xs" fontFamily="mono" color="fg.muted" title={price.id}>
                        {shortId(price.id)}
                      </Text>
                    )}
                  </HStack>
                ))}
              </Stack>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
