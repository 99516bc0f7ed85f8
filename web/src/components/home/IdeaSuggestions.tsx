import { SimpleGrid, Stack, Tabs, Text, chakra } from "@chakra-ui/react";
import { ideaCategories } from "../../lib/ideas";
import { SectionTitle } from "./SectionTitle";

/** Sample ideas by category (spec 01 §2, §9); picking one fills the prompt. */
export function IdeaSuggestions({ onPick, disabled }: { onPick: (prompt: string) => void; disabled?: boolean }) {
  return (
    <Stack gap="3" as="section" aria-labelledby="ideas-title">
      <SectionTitle id="ideas-title">Need an idea?</SectionTitle>
      <Tabs.Root defaultValue={ideaCategories[0].name} variant="subtle" size="sm" lazyMount unmountOnExit>
        <Tabs.List flexWrap={{ base: "nowrap", md: "wrap" }} overflowX={{ base: "auto", md: "visible" }} gap="1.5" pb="1" css={{ scrollbarWidth: "none" }} aria-label="Idea categories">
          {ideaCategories.map((category) => (
            <Tabs.Trigger
              key={category.name}
              value={category.name}
              rounded="full"
              flexShrink="0"
              borderWidth="1px"
              bg="bg"
              _selected={{ bg: "brand.solid", color: "brand.contrast", borderColor: "brand.solid" }}
              data-testid={`idea-category-${category.name}`}
            >
              {category.name}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ideaCategories.map((category) => (
          <Tabs.Content key={category.name} value={category.name} pt="3">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
              {category.ideas.map((idea, i) => (
                <chakra.button
                  key={idea.title}
                  data-testid={`idea-${i + 1}`}
                  disabled={disabled}
                  onClick={() => onPick(idea.prompt)}
                  textAlign="left"
                  p="3.5"
                  rounded="xl"
                  bg="bg"
                  borderWidth="1px"
                  cursor="pointer"
                  transition="border-color 0.15s, box-shadow 0.15s, transform 0.15s"
                  _hover={{ borderColor: "brand.emphasized", shadow: "sm", transform: "translateY(-1px)" }}
                  _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
                  _disabled={{ cursor: "not-allowed", opacity: 0.6, transform: "none" }}
                >
                  <Text fontSize="sm" fontWeight="semibold">
                    {idea.title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" mt="1" lineClamp={2}>
                    {idea.prompt}
                  </Text>
                </chakra.button>
              ))}
            </SimpleGrid>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
