import { Box, Code, List, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, memo } from "react";

type Block =
  | { kind: "p"; text: string }
  | { kind: "h"; text: string }
  | { kind: "code"; text: string }
  | { kind: "ul" | "ol"; items: string[] };

const bullet = /^\s*[-*•]\s+/;
const numbered = /^\s*\d+[.)]\s+/;

/** Paragraphs, headings, fenced code and lists: the little markdown assistant text uses. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "p", text: paragraph.join("\n") });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trimStart().startsWith("```")) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !lines[i].trimStart().startsWith("```")) code.push(lines[i]);
      blocks.push({ kind: "code", text: code.join("\n") });
    } else if (/^#{1,6}\s/.test(line)) {
      flush();
      blocks.push({ kind: "h", text: line.replace(/^#+\s*/, "") });
    } else if (bullet.test(line) || numbered.test(line)) {
      flush();
      const kind = bullet.test(line) ? "ul" : "ol";
      const pattern = kind === "ul" ? bullet : numbered;
      const prev = blocks[blocks.length - 1];
      const item = line.replace(pattern, "");
      if (prev && prev.kind === kind) prev.items.push(item);
      else blocks.push({ kind, items: [item] });
    } else if (line.trim() === "") {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Inline `code` and **bold**; everything else is plain text (React escapes it). */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`\n]+`|\*\*[^*\n]+\*\*)/g).map((part, i) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 2)
      return (
        <Code key={i} size="sm" variant="subtle">
          {part.slice(1, -1)}
        </Code>
      );
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4)
      return (
        <Text as="strong" key={i} fontWeight="semibold">
          {part.slice(2, -2)}
        </Text>
      );
    return part;
  });
}

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = blocksOf(text);
  if (!blocks.length) return null;
  return (
    <Stack gap="2.5" fontSize="sm" lineHeight="tall" color="fg" wordBreak="break-word">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case "p":
            return (
              <Text key={i} whiteSpace="pre-wrap">
                {inline(block.text)}
              </Text>
            );
          case "h":
            return (
              <Text key={i} fontWeight="semibold" fontSize="md">
                {inline(block.text)}
              </Text>
            );
          case "code":
            return (
              <Box key={i} as="pre" fontFamily="mono" fontSize="xs" bg="bg.muted" rounded="md" p="3" overflowX="auto" whiteSpace="pre">
                {block.text}
              </Box>
            );
          default:
            return (
              <List.Root key={i} as={block.kind} ps="5" gap="1" listStyleType={block.kind === "ul" ? "disc" : "decimal"}>
                {block.items.map((item, j) => (
                  <List.Item key={j}>{inline(item)}</List.Item>
                ))}
              </List.Root>
            );
        }
      })}
    </Stack>
  );
});
