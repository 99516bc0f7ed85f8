import { Button, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Paperclip } from "lucide-react";
import { useRef, useState } from "react";
import { SupportMessages, SupportRules, type Ticket, TicketCategory, categoryLabels } from "../../../../schemas/support";
import { Support } from "../../api/support";
import { AttachmentChips } from "../attachments/AttachmentChips";
import { AttachmentErrors } from "../attachments/AttachmentErrors";
import { useAttachments } from "../attachments/useAttachments";
import { AttachInput } from "./AttachInput";
import { KilnDialog } from "../ui/Dialog";
import { toast } from "../ui/toaster";
import { type TicketDraft, counterColor, ticketErrors } from "./rules";

const empty: TicketDraft = {
  title: "",
  content: "",
  category: "",
  app_link: "",
};
const counterPalette = {
  red: "fg.error",
  orange: "orange.fg",
  muted: "fg.muted",
} as const;

/** New ticket (spec 03 §2.10, §5): every check is the schema the server parses with; the app link hides when an app id is given. */
export function NewTicketDialog({ open, appId, onClose, onCreated }: { open: boolean; appId?: string; onClose(): void; onCreated(ticket: Ticket): void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(empty);
  const [touched, setTouched] = useState(false);
  const attachments = useAttachments();
  const fileInput = useRef<HTMLInputElement>(null);
  const errors = touched ? ticketErrors(draft, appId) : {};
  const set = (patch: Partial<TicketDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const create = useMutation({
    mutationFn: () =>
      Support.create({
        title: draft.title,
        content: draft.content,
        category: draft.category,
        app_id: appId ?? null,
        app_link: appId ? null : draft.app_link,
        file_urls: attachments.urls,
      }),
    onSuccess: (ticket) => {
      void client.invalidateQueries({ queryKey: ["support", "mine"] });
      setDraft(empty);
      setTouched(false);
      attachments.clear();
      onCreated(ticket);
    },
    onError: () => toast.error(SupportMessages.SUBMIT_FAILED),
  });

  const submit = () => {
    setTouched(true);
    if (Object.keys(ticketErrors(draft, appId)).length === 0) create.mutate();
  };

  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title="New Support Ticket"
      description={appId ? `About your app ${appId}` : "Describe the problem and we will get back to you."}
      size="lg"
      testId="new-ticket-dialog"
      onSubmit={submit}
      action={{
        label: "Submit Ticket",
        loading: create.isPending,
        disabled: attachments.uploading,
        tone: "brand",
        testId: "ticket-submit",
      }}
    >
      <Stack gap="4">
        <Field.Root invalid={!!errors.title} required>
          <Field.Label>Title</Field.Label>
          <Input value={draft.title} onChange={(e) => set({ title: e.target.value })} placeholder="A short summary" data-testid="ticket-title" />
          <Field.ErrorText>{errors.title}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.content} required>
          <Field.Label>Description</Field.Label>
          <Textarea
            value={draft.content}
            onChange={(e) => set({ content: e.target.value })}
            rows={6}
            placeholder="What happened, and what did you expect?"
            data-testid="ticket-description"
          />
          <HStack w="full" justify="space-between">
            <Field.ErrorText>{errors.content}</Field.ErrorText>
            <Text
              ml="auto"
              fontSize="xs"
              color={counterPalette[counterColor(draft.content.length)]}
              data-testid="ticket-counter"
              data-tone={counterColor(draft.content.length)}
            >
              {draft.content.length}/{SupportRules.DESCRIPTION_MAX}
            </Text>
          </HStack>
        </Field.Root>
        <Field.Root invalid={!!errors.category} required>
          <Field.Label>Category</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.category}
              onChange={(e) => set({ category: e.target.value as TicketDraft["category"] })}
              data-testid="ticket-category"
            >
              <option value="">Select a category</option>
              {TicketCategory.options.map((c) => (
                <option key={c} value={c}>
                  {categoryLabels[c]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.category}</Field.ErrorText>
        </Field.Root>
        {!appId && (
          <Field.Root invalid={!!errors.app_link}>
            <Field.Label>App link (optional)</Field.Label>
            <Input value={draft.app_link} onChange={(e) => set({ app_link: e.target.value })} placeholder="https://" data-testid="ticket-app-link" />
            <Field.ErrorText>{errors.app_link}</Field.ErrorText>
          </Field.Root>
        )}
        <Stack gap="2">
          <AttachInput inputRef={fileInput} attachments={attachments} testId="ticket-files" />
          <Button type="button" size="sm" variant="outline" alignSelf="flex-start" onClick={() => fileInput.current?.click()}>
            <Paperclip /> Attach files
          </Button>
          <AttachmentChips items={attachments.items} onRemove={attachments.remove} />
          <AttachmentErrors errors={attachments.errors} onDismiss={attachments.dismissErrors} />
        </Stack>
      </Stack>
    </KilnDialog>
  );
}
