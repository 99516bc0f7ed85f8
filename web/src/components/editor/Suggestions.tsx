import { Stack, Text, chakra } from "@chakra-ui/react";
import { CornerDownRight } from "lucide-react";
import type { ChatSuggestions } from "../../../../schemas/chat";

/** The three follow-ups offered when the app is ready; picking one sends its prompt. */
export function Suggestions({ suggestions, onPick, disabled }: { suggestions: ChatSuggestions; onPick(prompt: string): void; disabled: boolean }) {
  const items = [suggestions.suggestion_1, suggestions.suggestion_2, suggestions.suggestion_3];
  return (
    <Stack gap="1.5" data-testid="suggestions">
      <Text fontSize="xs" color="fg.subtle" fontWeight="medium">
        Try next
      </Text>
      {items.map((s, i) => (
        <chakra.button
          key={i}
          type="button"
          disabled={disabled}
          onClick={() => onPick(s.prompt)}
          title={s.prompt}
          data-testid={`suggestion-${i + 1}`}
          display="flex"
          alignItems="center"
          gap="2"
          px="3"
          py="2"
          rounded="lg"
          borderWidth="1px"
          fontSize="sm"
          textAlign="start"
          color="fg"
          bg="bg"
          transition="all 0.15s"
          _hover={{ borderColor: "brand.solid", bg: "brand.subtle" }}
          _disabled={{ opacity: 0.5, cursor: "not-allowed" }}
        >
          <chakra.span color="brand.solid" flexShrink="0">
            <CornerDownRight size={14} />
          </chakra.span>
          <chakra.span truncate>{s.title}</chakra.span>
        </chakra.button>
      ))}
    </Stack>
  );
}
