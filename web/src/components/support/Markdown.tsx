import { Box, type BoxProps } from "@chakra-ui/react";
import DOMPurify from "dompurify";
import { marked } from "marked";
import { useMemo } from "react";

/** Markdown to HTML by `marked`, sanitized by DOMPurify before it reaches the page (articles and messages are user text). */
export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }));
}

export function Markdown({ text, ...props }: { text: string } & BoxProps) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return (
    <Box
      className="support-markdown"
      fontSize="sm"
      lineHeight="tall"
      wordBreak="break-word"
      css={{
        "& p + p, & ul, & ol, & pre": { mt: "2" },
        "& ul, & ol": { pl: "5" },
        "& a": { color: "brand.fg", textDecoration: "underline" },
        "& code": { fontFamily: "mono", fontSize: "xs" },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
      {...props}
    />
  );
}
