import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { TicketMessage } from "../../../../schemas/support";
import { detailOf } from "../../api/client";
import { Support } from "../../api/support";
import { useAttachments } from "../attachments/useAttachments";
import { toast } from "../ui/toaster";

/** A reply being written to one ticket: its text and files, sent as the user or (admin) as the support team. */
export function useReply(ticketId: string, admin: boolean, onSent: (message: TicketMessage) => void) {
  const [text, setText] = useState("");
  const attachments = useAttachments();
  const send = useMutation({
    mutationFn: (body: { content: string; file_urls: string[] }) =>
      Support.post(ticketId, {
        ...body,
        role: admin ? "assistant" : "user",
        additional_message_params: { is_admin_message: admin },
      }),
    onSuccess: onSent,
  });
  return {
    text,
    setText,
    attachments,
    sending: send.isPending,
    submit() {
      const taken = attachments.take();
      const body = {
        content: text.trim(),
        file_urls: taken.flatMap((a) => (a.url ? [a.url] : [])),
      };
      send.mutate(body, {
        onSuccess: () => (setText(""), attachments.release(taken)),
        onError: (err) => (attachments.restore(taken), toast.error(detailOf(err))),
      });
    },
  };
}
