import { HStack, Image, Link, Text } from "@chakra-ui/react";
import { Paperclip } from "lucide-react";
import { extensionOf } from "../../../../schemas/files";

const shownAsImage = ["jpg", "jpeg", "png", "gif"];

function fileName(url: string): string {
  try {
    const path = new URL(url, window.location.href).pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1)) || url;
  } catch {
    return url;
  }
}

/** A user message's files: jpg, jpeg, png and gif as images, others as links (spec 01 §2). */
export function MessageAttachments({ urls }: { urls: string[] }) {
  if (!urls.length) return null;
  return (
    <HStack gap="2" wrap="wrap" justify="flex-end" maxW="85%" data-testid="message-attachments">
      {urls.map((url) => {
        const name = fileName(url);
        if (shownAsImage.includes(extensionOf(name)))
          return (
            <Link key={url} href={url} target="_blank" rel="noreferrer" display="block" rounded="lg" overflow="hidden" borderWidth="1px">
              <Image src={url} alt={name} h="20" maxW="40" objectFit="cover" />
            </Link>
          );
        return (
          <Link key={url} href={url} target="_blank" rel="noreferrer" display="flex" gap="1.5" alignItems="center" px="2.5" py="1.5" rounded="md" borderWidth="1px" fontSize="xs" color="fg.muted" _hover={{ color: "fg", bg: "bg.muted" }}>
            <Paperclip size={12} />
            <Text truncate maxW="40">
              {name}
            </Text>
          </Link>
        );
      })}
    </HStack>
  );
}
