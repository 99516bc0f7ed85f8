import { Button, Skeleton, Wrap } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { homeSuggestionsQuery } from "../../api/apps";

const keys = ["app_suggestion_1", "app_suggestion_2", "app_suggestion_3", "app_suggestion_4", "app_suggestion_5"] as const;

/** The 5 server-provided suggestions under the prompt; a failure shows nothing (spec 01 §8). */
export function ServerSuggestions({ onPick, disabled }: { onPick: (prompt: string) => void; disabled?: boolean }) {
  const suggestions = useQuery({ ...homeSuggestionsQuery, retry: false });
  if (suggestions.isError) return null;
  return (
    <Wrap gap="2" justify="center" aria-label="Suggestions" role="group" data-testid="home-suggestions">
      {suggestions.isPending
        ? keys.map((k, i) => <Skeleton key={k} h="8" w={`${[9, 7, 10, 8, 7][i]}rem`} rounded="full" />)
        : keys.map((key, i) => {
            const s = suggestions.data[key];
            return (
              <Button
                key={key}
                data-testid={`home-suggestion-${i + 1}`}
                size="sm"
                variant="outline"
                bg="bg"
                rounded="full"
                fontWeight="normal"
                title={s.prompt}
                disabled={disabled}
                onClick={() => onPick(s.prompt)}
                _hover={{ borderColor: "brand.emphasized", bg: "brand.subtle" }}
              >
                <Sparkles color="var(--chakra-colors-brand-solid)" />
                {s.title}
              </Button>
            );
          })}
    </Wrap>
  );
}
