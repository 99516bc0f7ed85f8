import { Badge, Button, CloseButton, Field, HStack, Input, Stack, Tabs, Text, Textarea, Wrap } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AgentSettings } from "../../../../schemas/support";
import { messageOr } from "../../api/client";
import { Support, agentQuery } from "../../api/support";
import { toast } from "../ui/toaster";
import { addCategory } from "./rules";

function useSaveAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: Support.updateAgent,
    onSuccess: (saved) => (client.setQueryData(agentQuery.queryKey, saved), toast.success("Saved")),
    onError: (err) => toast.error(messageOr(err, "Failed to save. Please try again.")),
  });
}

/** The System Prompts and Internal Categories tabs of the documentation manager (spec 03 §2.12). */
export function AgentSettingsTabs({ settings }: { settings: AgentSettings }) {
  return (
    <>
      <Tabs.Content value="prompts">
        <Prompts settings={settings} />
      </Tabs.Content>
      <Tabs.Content value="categories">
        <Categories settings={settings} />
      </Tabs.Content>
    </>
  );
}

function Prompts({ settings }: { settings: AgentSettings }) {
  const [response, setResponse] = useState(settings.response_system_prompt);
  const [polish, setPolish] = useState(settings.polish_system_prompt);
  const save = useSaveAgent();
  return (
    <Stack gap="5" maxW="4xl">
      <Field.Root>
        <Field.Label>Response system prompt</Field.Label>
        <Field.HelperText>How the AI drafts a reply to a ticket.</Field.HelperText>
        <Textarea value={response} onChange={(e) => setResponse(e.target.value)} minH="48" data-testid="prompt-response" />
      </Field.Root>
      <Field.Root>
        <Field.Label>Polish system prompt</Field.Label>
        <Field.HelperText>How the grammar polish (Ctrl/Cmd+K) rewrites an agent's reply.</Field.HelperText>
        <Textarea value={polish} onChange={(e) => setPolish(e.target.value)} minH="32" data-testid="prompt-polish" />
      </Field.Root>
      <Button
        alignSelf="flex-start"
        colorPalette="brand"
        loading={save.isPending}
        onClick={() =>
          save.mutate({
            response_system_prompt: response,
            polish_system_prompt: polish,
          })
        }
        data-testid="prompts-save"
      >
        Save
      </Button>
    </Stack>
  );
}

function Categories({ settings }: { settings: AgentSettings }) {
  const [list, setList] = useState(settings.internal_category_options);
  const [entry, setEntry] = useState("");
  const save = useSaveAgent();
  const add = () => (setList((l) => addCategory(l, entry)), setEntry(""));
  return (
    <Stack gap="4" maxW="2xl">
      <Text color="fg.muted" fontSize="sm">
        Agents tag tickets with these; the inbox filters and counts by them.
      </Text>
      <HStack>
        <Input
          value={entry}
          placeholder="Type a category and press Enter"
          onChange={(e) => setEntry(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
          data-testid="category-input"
        />
        <Button variant="outline" onClick={add} disabled={!entry.trim()}>
          Add
        </Button>
      </HStack>
      <Wrap gap="2" data-testid="category-list">
        {list.map((c) => (
          <Badge key={c} size="lg" pr="0" data-testid="category-option">
            {c}
            <CloseButton size="2xs" aria-label={`Remove ${c}`} onClick={() => setList((l) => l.filter((x) => x !== c))} />
          </Badge>
        ))}
      </Wrap>
      <Button
        alignSelf="flex-start"
        colorPalette="brand"
        loading={save.isPending}
        onClick={() => save.mutate({ internal_category_options: list })}
        data-testid="categories-save"
      >
        Save
      </Button>
    </Stack>
  );
}
