/** A settings section's box: its address (`settings-{id}`, what ?selectedParam= scrolls to) and the ring it wears while highlighted. */
export function sectionFrame(id: string, highlighted: boolean) {
  return {
    id: `settings-${id}`,
    "data-testid": `settings-${id}`,
    "data-highlighted": highlighted || undefined,
    p: "4",
    borderWidth: "1px",
    rounded: "lg",
    borderColor: highlighted ? "brand.solid" : "border",
    boxShadow: highlighted ? "0 0 0 3px var(--chakra-colors-brand-muted)" : undefined,
    transition: "box-shadow 0.3s, border-color 0.3s",
  } as const;
}
