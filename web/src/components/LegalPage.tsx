import { Box, Container, Heading, HStack, Link, List, Separator, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { Fragment, type ReactNode } from "react";
import { KilnMark } from "./KilnMark";

/**
 * Legal pages as data: each page is a title, a date and a list of sections;
 * this layout turns them into a readable document with a table of contents.
 */

/** A run of text inside a paragraph or list item: plain text, emphasised text, or a link. */
export type LegalInline = string | { strong: string } | { text: string; href: string };

/** A paragraph or list item: a plain string, or a sequence of inline runs. */
export type LegalRich = string | LegalInline[];

/** One block of a section: a paragraph, a list, or a small subheading. */
export type LegalBlock = LegalRich | { list: LegalRich[]; ordered?: boolean; testId?: string } | { subheading: string };

export interface LegalSection {
  /** anchor id; derived from the heading when left out */
  id?: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** shown as written, e.g. "22 November 2026" */
  lastUpdated: string;
  /** paragraphs shown before the table of contents */
  intro?: LegalBlock[];
  sections: LegalSection[];
}

const legalLinks = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/responsible-use-policy", label: "Responsible Use Policy" },
];

export function slugify(text: string) {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function sectionId(section: LegalSection) {
  return section.id ?? slugify(section.heading);
}

function TextLink({ href, children }: { href: string; children: ReactNode }) {
  const style = {
    color: "brand.fg",
    textDecoration: "underline",
    textUnderlineOffset: "3px",
    _hover: { textDecorationThickness: "2px" },
  } as const;
  if (href.startsWith("/") && !href.startsWith("//"))
    return (
      <Link asChild {...style}>
        <RouterLink to={href as never}>{children}</RouterLink>
      </Link>
    );
  const external = /^https?:/.test(href);
  return (
    <Link href={href} {...style} {...(external ? { target: "_blank", rel: "noreferrer" } : {})}>
      {children}
    </Link>
  );
}

function RichText({ value }: { value: LegalRich }) {
  if (typeof value === "string") return <>{value}</>;
  return (
    <>
      {value.map((run, i) => {
        if (typeof run === "string") return <Fragment key={i}>{run}</Fragment>;
        if ("strong" in run)
          return (
            <Text as="strong" key={i} fontWeight="semibold" color="fg">
              {run.strong}
            </Text>
          );
        return (
          <TextLink key={i} href={run.href}>
            {run.text}
          </TextLink>
        );
      })}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string" || Array.isArray(block))
    return (
      <Text>
        <RichText value={block} />
      </Text>
    );
  if ("subheading" in block)
    return (
      <Heading as="h3" fontSize="md" fontWeight="semibold" color="fg" pt="2" lineHeight="1.5">
        {block.subheading}
      </Heading>
    );
  return (
    <List.Root as={block.ordered ? "ol" : "ul"} data-testid={block.testId} gap="2.5" ps="6" listStyleType={block.ordered ? "decimal" : "disc"}>
      {block.list.map((item, i) => (
        <List.Item key={i} ps="1" _marker={{ color: block.ordered ? "brand.fg" : "fg.subtle", fontWeight: block.ordered ? "semibold" : undefined }}>
          <RichText value={item} />
        </List.Item>
      ))}
    </List.Root>
  );
}

function Blocks({ blocks }: { blocks: LegalBlock[] }) {
  return (
    <Stack gap="4">
      {blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </Stack>
  );
}

/** The shared layout of the Privacy Policy, Terms of Service and Responsible Use Policy. */
export function LegalPage({ title, lastUpdated, intro, sections }: LegalDocument) {
  return (
    <Box bg="bg" minH="100vh">
      <Container maxW="760px" px={{ base: "5", md: "8" }} py={{ base: "8", md: "14" }}>
        <Link asChild _hover={{ textDecoration: "none" }} aria-label="Kiln home" display="inline-flex">
          <RouterLink to="/">
            <HStack gap="2">
              <KilnMark size={30} />
              <Text fontWeight="bold" fontSize="lg" letterSpacing="-0.01em" color="fg">
                Kiln
              </Text>
            </HStack>
          </RouterLink>
        </Link>

        <Box as="article" mt={{ base: "8", md: "12" }} color="fg" fontSize={{ base: "md", md: "md" }} lineHeight="1.75" overflowWrap="break-word">
          <Box as="header" mb="8">
            <Heading as="h1" fontSize={{ base: "3xl", md: "4xl" }} lineHeight="1.2" letterSpacing="-0.02em" fontWeight="bold">
              {title}
            </Heading>
            <Text mt="3" color="fg.muted" fontSize="sm">
              Last updated <Box as="time">{lastUpdated}</Box>
            </Text>
          </Box>

          {intro && intro.length > 0 && (
            <Box mb="8">
              <Blocks blocks={intro} />
            </Box>
          )}

          <Box as="nav" aria-labelledby="legal-contents" bg="bg.subtle" borderWidth="1px" borderRadius="xl" px={{ base: "5", md: "6" }} py="5" mb="10">
            <Text id="legal-contents" fontWeight="semibold" fontSize="sm" textTransform="uppercase" letterSpacing="0.06em" color="fg.muted" mb="3">
              Contents
            </Text>
            <List.Root as="ol" gap="1.5" ps="6" listStyleType="decimal" fontSize="sm" lineHeight="1.6">
              {sections.map((section) => (
                <List.Item key={sectionId(section)} ps="1" _marker={{ color: "fg.subtle" }}>
                  <Link href={`#${sectionId(section)}`} color="fg" _hover={{ color: "brand.fg", textDecoration: "underline" }}>
                    {section.heading}
                  </Link>
                </List.Item>
              ))}
            </List.Root>
          </Box>

          <Stack gap="10">
            {sections.map((section, i) => {
              const id = sectionId(section);
              return (
                <Box as="section" key={id} id={id} aria-labelledby={`${id}-heading`} scrollMarginTop="6">
                  <Heading
                    as="h2"
                    id={`${id}-heading`}
                    fontSize={{ base: "xl", md: "2xl" }}
                    lineHeight="1.3"
                    letterSpacing="-0.01em"
                    fontWeight="semibold"
                    mb="4"
                  >
                    <Text as="span" color="brand.fg" me="2">
                      {i + 1}.
                    </Text>
                    {section.heading}
                  </Heading>
                  <Blocks blocks={section.blocks} />
                </Box>
              );
            })}
          </Stack>
        </Box>

        <Separator mt="14" mb="6" />
        <Stack as="footer" direction={{ base: "column", sm: "row" }} gap={{ base: "2", sm: "6" }} fontSize="sm" color="fg.muted">
          {legalLinks.map((l) => (
            <Link asChild key={l.to} color="fg.muted" _hover={{ color: "fg" }} css={{ "&[aria-current=page]": { color: "brand.fg", fontWeight: "semibold" } }}>
              <RouterLink to={l.to as never}>{l.label}</RouterLink>
            </Link>
          ))}
          <Link
            href="#top"
            color="fg.muted"
            _hover={{ color: "fg" }}
            ms={{ sm: "auto" }}
            onClick={(e) => {
              e.preventDefault();
              window.scrollTo({ top: 0, behavior: "smooth" });
            }}
          >
            Back to top
          </Link>
        </Stack>
      </Container>
    </Box>
  );
}
