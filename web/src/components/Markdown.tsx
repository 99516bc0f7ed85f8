import { Box, type BoxProps } from "@chakra-ui/react";
import DOMPurify from "dompurify";
import { marked } from "marked";
import { memo, useMemo } from "react";

/** Markdown to HTML by `marked`, sanitized by DOMPurify before it reaches the page (chat, tickets and articles are user or model text). */
export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }));
}

/** The one markdown renderer: the assistant's chat replies, support messages and drafts, help articles. */
export const Markdown = memo(function Markdown({ text, ...props }: { text: string } & BoxProps) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  if (!html.trim()) return null;
  return (
    <Box
      className="markdown"
      fontSize="sm"
      lineHeight="tall"
      color="fg"
      wordBreak="break-word"
      css={{
        "& > * + *": { mt: "2.5" },
        "& h1, & h2, & h3, & h4, & h5, & h6": { fontWeight: "semibold", fontSize: "md" },
        "& ul, & ol": { ps: "5" },
        "& ul": { listStyleType: "disc" },
        "& ol": { listStyleType: "decimal" },
        "& li + li": { mt: "1" },
        "& strong": { fontWeight: "semibold" },
        "& a": { color: "brand.fg", textDecoration: "underline" },
        "& code": { fontFamily: "mono", fontSize: "xs", bg: "bg.muted", px: "1", rounded: "sm" },
        "& pre": { fontFamily: "mono", fontSize: "xs", bg: "bg.muted", rounded: "md", p: "3", overflowX: "auto", whiteSpace: "pre" },
        "& pre code": { bg: "transparent", px: "0" },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
      {...props}
    />
  );
});
