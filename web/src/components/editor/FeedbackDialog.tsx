import { Box, Code, Field, Fieldset, RadioGroup, Stack, Textarea } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { type ChatMessage, FeedbackTag } from "../../../../schemas/chat";
import { detailOf } from "../../api/client";
import { useSendFeedback } from "../../api/messages";
import { KilnDialog } from "../ui/Dialog";
import { toast } from "../ui/toaster";

type Tag = (typeof FeedbackTag.options)[number];

const MAX_FEEDBACK = 5000;

/** Where the feedback points: the editor at this message, and the action when there is one. */
export function feedbackUrl(appId: string, messageId: string, actionPath: string | null): string {
  const base = `${window.location.origin}/apps/${appId}/editor/preview?msgId=${messageId}`;
  return actionPath ? `${base}&action=${encodeURIComponent(actionPath)}` : base;
}

/** Feedback on a message or one of its actions (spec 01 §2, §5): a tag is required, free text optional. */
export function FeedbackDialog({
  appId,
  message,
  actionPath,
  open,
  onClose,
}: {
  appId: string;
  message: ChatMessage;
  actionPath: string | null;
  open: boolean;
  onClose(): void;
}) {
  const send = useSendFeedback();
  const [tag, setTag] = useState<Tag | null>(null);
  const [text, setText] = useState("");

  // Each opening starts blank.
  useEffect(() => {
    if (!open) return;
    setTag(null);
    setText("");
  }, [open]);

  const tooLong = text.length > MAX_FEEDBACK;
  const submit = () => {
    if (!tag || send.isPending || tooLong) return;
    send.mutate(
      { feedback_url: feedbackUrl(appId, message.id, actionPath), tag, feedback: text.trim() },
      {
        onSuccess: () => {
          toast.success("Thanks for your feedback!");
          onClose();
        },
        onError: (err) => toast.error(`Failed to send feedback: ${detailOf(err)}`),
      },
    );
  };

  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title="Give feedback"
      description={
        actionPath ? (
          <>
            About the change to <Code size="sm">{actionPath}</Code>
          </>
        ) : (
          "About this response"
        )
      }
      testId="feedback-dialog"
      action={{ label: "Submit", onClick: submit, loading: send.isPending, disabled: !tag || send.isPending || tooLong, testId: "feedback-submit" }}
    >
      <Stack gap="5">
        <Fieldset.Root>
          <Fieldset.Legend fontSize="sm" fontWeight="medium" mb="2">
            What happened?
          </Fieldset.Legend>
          <RadioGroup.Root
            value={tag}
            onValueChange={(e) => setTag(e.value as Tag)}
            colorPalette="brand"
            size="sm"
            aria-label="Feedback tag"
            data-testid="feedback-tags"
          >
            <Stack gap="1">
              {FeedbackTag.options.map((option) => (
                <RadioGroup.Item
                  key={option}
                  value={option}
                  px="3"
                  py="2"
                  rounded="md"
                  borderWidth="1px"
                  borderColor={tag === option ? "brand.solid" : "border"}
                  bg={tag === option ? "brand.subtle" : "transparent"}
                  cursor="pointer"
                  transition="background 0.15s, border-color 0.15s"
                  _hover={{ bg: tag === option ? "brand.subtle" : "bg.muted" }}
                >
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{option}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </Fieldset.Root>

        <Field.Root invalid={tooLong}>
          <Field.Label>
            Tell us more
            <Box as="span" color="fg.subtle" fontWeight="normal">
              (optional)
            </Box>
          </Field.Label>
          <Textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={4}
            placeholder="What did you expect, and what happened instead?"
            data-testid="feedback-text"
          />
          <Field.ErrorText>Feedback is at most 5,000 characters</Field.ErrorText>
        </Field.Root>
      </Stack>
    </KilnDialog>
  );
}
