import { Badge, Box, Card, Heading, HStack, Icon, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { BookOpen, Inbox, LifeBuoy, MessageCircle, MessagesSquare } from "lucide-react";
import type { ReactNode } from "react";
import { SupportMessages, SupportRules, isPrioritySupport } from "../../../../schemas/support";
import { meQuery } from "../../api/auth";

const env = import.meta.env;

interface HubCard {
  title: string;
  text: string;
  icon: ReactNode;
  /** an outside address: the card shows only when it is configured */
  href?: string;
  /** a screen of this app */
  to?: { search: { appId?: string; openNew?: true } };
  testId: string;
}

/** Help & Support hub (spec 03 §2.9): outside links come from VITE_* settings and hide when unset; `appId` rides along to the tickets. */
export function SupportHub({ appId }: { appId?: string }) {
  const { data: me } = useSuspenseQuery(meQuery);
  const premium = isPrioritySupport(me.subscription_tier);
  const cards: HubCard[] = [
    {
      title: "Documentation",
      text: "Guides and answers about building with Kiln.",
      icon: <BookOpen />,
      href: env.VITE_DOCS_URL,
      testId: "hub-docs",
    },
    {
      title: "Discord community",
      text: "Ask other builders and share what you made.",
      icon: <MessageCircle />,
      href: env.VITE_COMMUNITY_URL,
      testId: "hub-discord",
    },
    {
      title: "Open Support Ticket",
      text: "Tell us what went wrong; we answer in the ticket and by e-mail.",
      icon: <LifeBuoy />,
      to: { search: { appId, openNew: true } },
      testId: "hub-open-ticket",
    },
    {
      title: "My Support Tickets",
      text: "Follow your conversations with the support team.",
      icon: <Inbox />,
      to: { search: { appId } },
      testId: "hub-my-tickets",
    },
    {
      title: "Community Forum",
      text: "Search earlier questions and ideas.",
      icon: <MessagesSquare />,
      href: env.VITE_FORUM_URL,
      testId: "hub-forum",
    },
  ];
  return (
    <Box maxW="5xl" mx="auto" px={{ base: "4", md: "8" }} py="10" data-testid="support-hub">
      <Stack gap="2" mb="8">
        <Heading size="2xl">Help & Support</Heading>
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette={premium ? "purple" : "gray"} size="lg" data-testid="support-level">
            {premium ? SupportMessages.PREMIUM : SupportMessages.STANDARD}
          </Badge>
          <Text color="fg.muted" fontSize="sm">
            {premium ? "Your tickets are answered first." : `Responses can take up to ${SupportRules.STANDARD_RESPONSE_HOURS} hours.`}
          </Text>
        </HStack>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
        {cards
          .filter((c) => c.to || c.href)
          .map((c) => (
            <LinkBox key={c.title} asChild>
              <Card.Root variant="outline" _hover={{ borderColor: "brand.solid" }} data-testid={c.testId}>
                <Card.Body gap="3">
                  <Icon color="brand.fg" boxSize="6">
                    {c.icon}
                  </Icon>
                  <Text fontWeight="semibold">
                    {c.to ? (
                      <LinkOverlay asChild>
                        <RouterLink to="/support/conversations" search={c.to.search}>
                          {c.title}
                        </RouterLink>
                      </LinkOverlay>
                    ) : (
                      <LinkOverlay href={c.href} target="_blank" rel="noreferrer">
                        {c.title}
                      </LinkOverlay>
                    )}
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    {c.text}
                  </Text>
                </Card.Body>
              </Card.Root>
            </LinkBox>
          ))}
      </SimpleGrid>
    </Box>
  );
}
