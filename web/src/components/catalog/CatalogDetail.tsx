import { Box, Button, Code, Container, Heading, HStack, List, Stack, Tabs, Text } from "@chakra-ui/react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Check, Link2, Play } from "lucide-react";
import { useEffect, useState } from "react";
import type { CatalogEntry } from "../../../../schemas/catalog";
import { meQuery } from "../../api/auth";
import { catalogItemQuery } from "../../api/catalog";
import { toast } from "../ui/toaster";
import { AddToApp } from "./AddToApp";
import { AdminActions } from "./AdminActions";
import { CatalogLogo } from "./CatalogLogo";
import { OwnerActions } from "./OwnerActions";
import { StatusBadges } from "./StatusBadges";
import { UpvoteButton } from "./UpvoteButton";
import { useUpvote } from "./useUpvote";

/** Spec 03 §9: how long the share button says it copied. */
const COPIED_MS = 1000;

/** /integrations-catalog/item/{itemId} (spec 03 §2.7): the item's tabs, its use and share actions, the owner's and the platform admin's. */
export function CatalogDetail({ itemId }: { itemId: string }) {
  const { data: entry } = useSuspenseQuery(catalogItemQuery(itemId));
  const me = useQuery(meQuery);
  const navigate = useNavigate();
  const upvote = useUpvote();
  const { item } = entry;
  const needsSecrets = item.required_secrets.length > 0;

  return (
    <Container maxW="5xl" py={{ base: "6", md: "10" }} px={{ base: "4", md: "6" }}>
      <Stack gap="6">
        <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
          <Link to="/integrations-catalog">
            <ArrowLeft /> Back to the catalog
          </Link>
        </Button>
        <HStack align="flex-start" gap="4" flexWrap="wrap">
          <CatalogLogo url={item.image_url} size={16} />
          <Stack gap="2" flex="1" minW="60">
            <Heading size="2xl" data-testid="catalog-item-name">
              {item.name}
            </Heading>
            <StatusBadges item={item} />
            <Text fontSize="sm" color="fg.muted">
              By {entry.user_info.email}
            </Text>
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            <UpvoteButton entry={entry} onToggle={() => upvote.toggle(entry)} busy={upvote.isUpvoting(item.id)} />
            <ShareButton itemId={item.id} />
            {entry.package && <AddToApp entry={entry} pkg={entry.package} />}
            <Button colorPalette="brand" onClick={() => void navigate({ to: "/", search: { integrations: item.id } })} data-testid="use-integration">
              <Play /> Use this integration
            </Button>
          </HStack>
        </HStack>

        {entry.can_edit && <OwnerActions entry={entry} />}
        {me.data?.platform_role === "platform_admin" && <AdminActions entry={entry} />}

        <Tabs.Root defaultValue="details" variant="line">
          <Tabs.List>
            <Tabs.Trigger value="details" data-testid="tab-details">
              Details
            </Tabs.Trigger>
            {needsSecrets && (
              <Tabs.Trigger value="requirements" data-testid="tab-requirements">
                Requirements
              </Tabs.Trigger>
            )}
            <Tabs.Trigger value="instructions" data-testid="tab-instructions">
              Instructions Set
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="details">
            <Details entry={entry} />
          </Tabs.Content>
          {needsSecrets && (
            <Tabs.Content value="requirements">
              <Stack gap="3" data-testid="requirements">
                <Text color="fg.muted">You will be asked for these when you build an app with this integration. They are stored encrypted with the app.</Text>
                {item.required_secrets.map((s) => (
                  <Box key={s.name} borderWidth="1px" rounded="lg" p="3">
                    <Code>{s.name}</Code>
                    {s.description && (
                      <Text fontSize="sm" color="fg.muted" mt="1">
                        {s.description}
                      </Text>
                    )}
                  </Box>
                ))}
              </Stack>
            </Tabs.Content>
          )}
          <Tabs.Content value="instructions">
            <Box as="pre" whiteSpace="pre-wrap" fontFamily="mono" fontSize="sm" bg="bg.subtle" rounded="lg" p="4" data-testid="instructions">
              {item.prompt}
            </Box>
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}

function Details({ entry: { item } }: { entry: CatalogEntry }) {
  return (
    <Stack gap="5">
      <Text whiteSpace="pre-wrap" data-testid="catalog-item-description">
        {item.description}
      </Text>
      {item.example_asks.length > 0 && (
        <Stack gap="2">
          <Heading size="sm">Try asking</Heading>
          <List.Root ps="5">
            {item.example_asks.map((ask) => (
              <List.Item key={ask}>{ask}</List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      <Text fontSize="sm" color="fg.muted">
        {item.requires_backend_functions ? "Needs backend functions (Builder plan and above)." : "Works without backend functions."} Added{" "}
        {new Date(item.created_at).toLocaleDateString()}.
      </Text>
    </Stack>
  );
}

/** Copies the item's address; says 'Copied' for a second. */
function ShareButton({ itemId }: { itemId: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/integrations-catalog/item/${encodeURIComponent(itemId)}`);
      setCopied(true);
    } catch {
      toast.error("Failed to copy link to clipboard");
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} data-testid="share-link" data-copied={copied ? "true" : "false"}>
      {copied ? <Check /> : <Link2 />} {copied ? "Copied" : "Share"}
    </Button>
  );
}
