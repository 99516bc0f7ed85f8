import { Box, Button, Checkbox, Container, Field, Heading, HStack, Input, Stack, Tabs, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Save } from "lucide-react";
import { useState } from "react";
import { CatalogRules, type CatalogEntry } from "../../../../schemas/catalog";
import { Catalog, catalogItemQuery, catalogListQuery } from "../../api/catalog";
import { toast } from "../ui/toaster";
import { AsksEditor, SecretsEditor } from "./ListEditors";
import { LogoUpload } from "./LogoUpload";
import { type EditorField, type EditorState, type EditorTab, bodyOf, problemOf, useEditorForm } from "./useEditorForm";

/** /integrations-catalog/editor[/{itemId}] (spec 03 §2.7): Integration Metadata and Integration Content, saved as one. */
export function CatalogEditor({ entry }: { entry: CatalogEntry | null }) {
  const creating = entry === null;
  const { form, set } = useEditorForm(entry);
  const [tab, setTab] = useState<EditorTab>("metadata");
  const [invalid, setInvalid] = useState<EditorField | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const save = useMutation({
    mutationFn: () => (creating ? Catalog.create(bodyOf(form, true)) : Catalog.update(entry.item.id, bodyOf(form, false))),
    onSuccess: async (saved) => {
      queryClient.setQueryData(catalogItemQuery(saved.item.id).queryKey, saved);
      await queryClient.invalidateQueries({
        queryKey: catalogListQuery.queryKey,
      });
      toast.success(creating ? "Integration created. It is pending review." : "Integration saved");
      await navigate({
        to: "/integrations-catalog/item/$itemId",
        params: { itemId: saved.item.id },
      });
    },
    onError: () => toast.error("Failed to save integration. Please try again."),
  });

  const submit = () => {
    const problem = problemOf(form);
    setInvalid(problem?.field ?? null);
    if (problem) {
      setTab(problem.tab);
      toast.error(problem.message);
      return;
    }
    save.mutate();
  };
  const edit =
    <K extends keyof EditorState>(key: K, field?: EditorField) =>
    (value: EditorState[K]) => {
      set(key, value);
      if (field && invalid === field) setInvalid(null);
    };
  const promptLength = form.prompt.trim().length;

  return (
    <Container maxW="4xl" py={{ base: "6", md: "10" }} px={{ base: "4", md: "6" }}>
      <Stack gap="6" asChild>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
            {creating ? (
              <Link to="/integrations-catalog">
                <ArrowLeft /> Back to the catalog
              </Link>
            ) : (
              <Link to="/integrations-catalog/item/$itemId" params={{ itemId: entry.item.id }}>
                <ArrowLeft /> Back to the integration
              </Link>
            )}
          </Button>
          <Heading size="2xl">{creating ? "Create Integration" : `Edit ${entry.item.name}`}</Heading>

          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as EditorTab)} variant="line">
            <Tabs.List>
              <Tabs.Trigger value="metadata" data-testid="tab-metadata">
                Integration Metadata
              </Tabs.Trigger>
              <Tabs.Trigger value="content" data-testid="tab-content">
                Integration Content
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="metadata">
              <Stack gap="5">
                <Field.Root invalid={invalid === "name"} required>
                  <Field.Label>Name</Field.Label>
                  <Input value={form.name} onChange={(e) => edit("name", "name")(e.currentTarget.value)} maxLength={100} data-testid="field-name" />
                  <Field.ErrorText>{CatalogRules.NAME_REQUIRED}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={invalid === "description"} required>
                  <Field.Label>Description</Field.Label>
                  <Textarea
                    value={form.description}
                    onChange={(e) => edit("description", "description")(e.currentTarget.value)}
                    rows={3}
                    maxLength={2000}
                    data-testid="field-description"
                  />
                  <Field.ErrorText>{CatalogRules.DESCRIPTION_REQUIRED}</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>Logo</Field.Label>
                  <LogoUpload url={form.image_url} onChange={edit("image_url")} />
                </Field.Root>
                <Checkbox.Root
                  checked={form.requires_backend_functions}
                  onCheckedChange={(e) => set("requires_backend_functions", !!e.checked)}
                  data-testid="field-backend"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Requires backend functions</Checkbox.Label>
                </Checkbox.Root>
                {creating && (
                  <Checkbox.Root checked={form.is_private} onCheckedChange={(e) => set("is_private", !!e.checked)} data-testid="field-private">
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Private (only you and the admins you invite can see it)</Checkbox.Label>
                  </Checkbox.Root>
                )}
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="content">
              <Stack gap="6">
                <Field.Root invalid={invalid === "prompt"} required>
                  <HStack justify="space-between" w="full">
                    <Field.Label>Prompt</Field.Label>
                    <Text fontSize="xs" color={promptLength < CatalogRules.PROMPT_MIN ? "orange.fg" : "green.fg"} data-testid="prompt-counter">
                      {promptLength}/{CatalogRules.PROMPT_MIN}
                    </Text>
                  </HStack>
                  <Textarea
                    value={form.prompt}
                    onChange={(e) => edit("prompt", "prompt")(e.currentTarget.value)}
                    rows={10}
                    fontFamily="mono"
                    fontSize="sm"
                    maxLength={20000}
                    data-testid="field-prompt"
                  />
                  <Field.HelperText>What the assistant is told when an app uses this integration: which service, which secrets, where the calls go.</Field.HelperText>
                  <Field.ErrorText>{CatalogRules.PROMPT_TOO_SHORT}</Field.ErrorText>
                </Field.Root>
                <AsksEditor asks={form.example_asks} onChange={edit("example_asks")} />
                <SecretsEditor secrets={form.required_secrets} onChange={edit("required_secrets", "secrets")} invalid={invalid === "secrets"} />
              </Stack>
            </Tabs.Content>
          </Tabs.Root>

          <Box>
            <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="save-integration">
              <Save /> {creating ? "Create Integration" : "Save Changes"}
            </Button>
          </Box>
        </form>
      </Stack>
    </Container>
  );
}
