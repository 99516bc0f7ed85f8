import { CloseButton, Input, InputGroup } from "@chakra-ui/react";
import { Search } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useDebounced } from "../../lib/useDebounced";
import { SEARCH_DEBOUNCE_MS } from "./appsFilter";

/** Search by name and description; the list follows 300 ms after typing stops. */
export function AppsSearchInput({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const last = useRef(value);

  // the address changed from elsewhere (Back, a link): show what it says
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);

  // only a settled text searches; a parent's new onSearch alone does not
  const search = useEffectEvent((text: string) => onSearch(text));
  useEffect(() => {
    if (settled === last.current) return;
    last.current = settled;
    search(settled);
  }, [settled]);

  return (
    <InputGroup
      flex="1"
      minW={{ base: "full", md: "64" }}
      startElement={<Search size={16} />}
      endElement={text ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setText("")} /> : undefined}
    >
      <Input
        data-testid="search-apps"
        type="search"
        aria-label="Search apps"
        placeholder="Search by name or description"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && setText("")}
        bg="bg"
        rounded="lg"
      />
    </InputGroup>
  );
}
