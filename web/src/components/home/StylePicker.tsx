import { Box, HStack, Stack, Tag, Text, Wrap, chakra } from "@chakra-ui/react";
import { Check } from "lucide-react";
import { type StyleId, stylePresets } from "../../lib/styles";
import { SectionTitle } from "./SectionTitle";
import { StyleSwatch } from "./StyleSwatch";

/** Pick one of the five visual styles, or none (spec 01 §2, §9). Picking the chosen one again clears it. */
export function StylePicker({ value, onChange, disabled }: { value: StyleId | null; onChange: (id: StyleId | null) => void; disabled?: boolean }) {
  const chosen = stylePresets.find((s) => s.id === value);
  return (
    <Stack gap="3" as="section" aria-labelledby="style-picker-title">
      <SectionTitle id="style-picker-title" hint="optional">
        Pick a visual style
      </SectionTitle>
      <Box
        display="grid"
        gridAutoFlow={{ base: "column", md: "row" }}
        gridAutoColumns={{ base: "38%", sm: "28%" }}
        gridTemplateColumns={{ md: "repeat(5, 1fr)" }}
        gap="3"
        overflowX={{ base: "auto", md: "visible" }}
        scrollSnapType="x mandatory"
        scrollPaddingInline="4"
        pb={{ base: "2", md: "0" }}
        mx={{ base: "-4", md: "0" }}
        px={{ base: "4", md: "0" }}
        css={{ scrollbarWidth: "none" }}
        role="group"
        aria-label="Visual styles"
      >
        {stylePresets.map((style) => {
          const selected = style.id === value;
          return (
            <chakra.button
              key={style.id}
              data-testid={`style-${style.id}`}
              aria-pressed={selected}
              title={style.description}
              disabled={disabled}
              onClick={() => onChange(selected ? null : style.id)}
              textAlign="left"
              p="2"
              rounded="xl"
              bg="bg"
              borderWidth="1px"
              borderColor={selected ? "brand.solid" : "border"}
              boxShadow={selected ? "0 0 0 2px var(--chakra-colors-brand-solid)" : "xs"}
              scrollSnapAlign="start"
              cursor="pointer"
              transition="transform 0.15s, box-shadow 0.15s, border-color 0.15s"
              _hover={{ transform: "translateY(-2px)", shadow: selected ? undefined : "md" }}
              _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
              _disabled={{ cursor: "not-allowed", opacity: 0.6, transform: "none" }}
            >
              <StyleSwatch id={style.id} />
              <HStack justify="space-between" mt="2" px="1" gap="1">
                <Text fontSize="sm" fontWeight="medium" truncate>
                  {style.name}
                </Text>
                {selected && (
                  <Box color="brand.fg" flexShrink="0">
                    <Check size={16} />
                  </Box>
                )}
              </HStack>
            </chakra.button>
          );
        })}
      </Box>
      {chosen && (
        <Box bg="bg" borderWidth="1px" rounded="xl" p="4" data-testid="style-details">
          <Text fontSize="sm">
            <Text as="span" fontWeight="semibold">
              {chosen.name}.
            </Text>{" "}
            {chosen.description}
          </Text>
          <Wrap gap="1.5" mt="3">
            {chosen.features.map((f) => (
              <Tag.Root key={f} size="sm" variant="surface" rounded="full">
                <Tag.Label>{f}</Tag.Label>
              </Tag.Root>
            ))}
          </Wrap>
          <Text fontSize="xs" color="fg.muted" mt="3">
            Seen at {chosen.brands.join(", ")}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
