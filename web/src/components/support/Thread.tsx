import { Badge, Box, HStack, IconButton, Image, Link, Stack, Text, Wrap } from "@chakra-ui/react";
import { FileText, Trash2 } from "lucide-react";
import { type TicketMessage, isImageAttachment } from "../../../../schemas/support";
import { Markdown } from "../Markdown";

/** Images by extension show inline, other files as links (spec 03 §2.10). */
export function MessageFiles({ urls }: { urls: string[] }) {
  if (urls.length === 0) return null;
  return (
    <Wrap gap="2" mt="2">
      {urls.map((url) =>
        isImageAttachment(url) ? (
          <Link key={url} href={url} target="_blank" rel="noreferrer">
            <Image src={url} alt="attachment" maxH="40" rounded="md" borderWidth="1px" data-testid="message-image" />
          </Link>
        ) : (
          <Link key={url} href={url} target="_blank" rel="noreferrer" fontSize="sm" data-testid="message-file">
            <FileText size={14} /> {decodeURIComponent(url.split("/").pop() ?? url)}
          </Link>
        ),
      )}
    </Wrap>
  );
}

/** A conversation's messages; in admin mode assistant messages carry a delete button (the caller confirms). */
export function Thread({ messages, admin, onDelete }: { messages: TicketMessage[]; admin?: boolean; onDelete?: (m: TicketMessage) => void }) {
  return (
    <Stack gap="3" data-testid="ticket-thread">
      {messages.map((m) => {
        const fromSupport = m.role === "assistant";
        return (
          <Box
            key={m.id}
            alignSelf={fromSupport === !!admin ? "flex-end" : "flex-start"}
            maxW="85%"
            px="3"
            py="2"
            rounded="lg"
            bg={fromSupport ? "brand.subtle" : "bg.muted"}
            data-testid="ticket-message"
            data-role={m.role}
            data-message-id={m.id}
          >
            <HStack gap="2" mb="1" fontSize="xs" color="fg.muted">
              <Text fontWeight="semibold">{m.metadata.created_by_full_name || (fromSupport ? "Support" : "You")}</Text>
              {m.additional_message_params.is_admin_message && <Badge size="xs">Support team</Badge>}
              <Text>{new Date(m.metadata.created_date).toLocaleString()}</Text>
              {admin && fromSupport && onDelete && (
                <IconButton size="2xs" variant="ghost" aria-label="Delete message" onClick={() => onDelete(m)} data-testid="delete-message">
                  <Trash2 />
                </IconButton>
              )}
            </HStack>
            {m.content && <Markdown text={m.content} />}
            <MessageFiles urls={m.file_urls} />
          </Box>
        );
      })}
    </Stack>
  );
}
