import { Badge, Box, Button, CloseButton, Grid, HStack, NativeSelect, SegmentGroup, Stack, Text, Textarea } from "@chakra-ui/react";
import colors from "tailwindcss/colors";
import { useState } from "react";
import { COLOR_FAMILIES, type ColorTarget, FONT_SIZES, FONT_WEIGHTS, SHADES, SPACING, type SpacingTarget, TEXT_TAGS, Utilities, parseSourceLocation } from "./classes";
import type { VisualEdit } from "./useVisualEdit";

const palette = colors as unknown as Record<string, Record<string, string> | string>;
const swatch = (color: string) => {
  if (color === "black" || color === "white" || color === "transparent") return palette[color] as string;
  const [family, shade] = color.split("-");
  return (palette[family] as Record<string, string>)[shade];
};

/**
 * The element panel (spec 01 Visual Edit): Colors, Text & Font (text tags only), Spacing
 * and Advanced, with Discard and Save Changes. Every change previews live in the frame.
 */
export function VisualEditPanel({ edit }: { edit: VisualEdit }) {
  const { state } = edit;
  if (state.mode !== "selected") return null;
  const { selection, classes } = state;
  const at = parseSourceLocation(selection.visualSelectorId);
  const set = (next: string) => edit.preview(next);

  return (
    <Stack
      gap="4"
      p="4"
      w="300px"
      maxH="full"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      shadow="lg"
      data-testid="visual-edit-panel"
    >
      <HStack justify="space-between">
        <HStack gap="2" minW="0">
          <Badge variant="solid" colorPalette="purple" fontFamily="mono">
            {selection.tagName}
          </Badge>
          {at && (
            <Text fontSize="xs" color="fg.muted" truncate title={`${at.file}, line ${at.line}`}>
              {at.file}:{at.line}
            </Text>
          )}
        </HStack>
        <CloseButton size="xs" aria-label="Close" title="Discard and close" onClick={edit.discard} />
      </HStack>

      <Section title="Colors">
        <ColorPicker classes={classes} onChange={set} />
      </Section>

      {TEXT_TAGS.has(selection.tagName) && (
        <Section title="Text & Font">
          <HStack gap="2">
            <Choice label="Size" value={Utilities.fontSize.get(classes) ?? "base"} options={FONT_SIZES} onChange={(v) => set(Utilities.fontSize.set(classes, v === "base" ? null : v))} />
            <Choice label="Weight" value={Utilities.fontWeight.get(classes) ?? "normal"} options={FONT_WEIGHTS} onChange={(v) => set(Utilities.fontWeight.set(classes, v === "normal" ? null : v))} />
          </HStack>
        </Section>
      )}

      <Section title="Spacing">
        <Grid templateColumns="repeat(3, 1fr)" gap="2">
          {(["p", "px", "py", "m", "mx", "my"] as SpacingTarget[]).map((target) => (
            <Choice
              key={target}
              label={{ p: "Padding", px: "Padding X", py: "Padding Y", m: "Margin", mx: "Margin X", my: "Margin Y" }[target]}
              value={Utilities.spacing.get(classes, target) ?? ""}
              options={target.startsWith("m") ? ["", ...SPACING, "auto"] : ["", ...SPACING]}
              onChange={(v) => set(Utilities.spacing.set(classes, target, v || null))}
            />
          ))}
        </Grid>
      </Section>

      <Section title="Advanced">
        <Textarea
          size="sm"
          fontFamily="mono"
          fontSize="xs"
          rows={3}
          value={classes}
          onChange={(e) => set(e.target.value.replace(/\s*\n\s*/g, " "))}
          aria-label="Utility classes"
          data-testid="visual-edit-classes"
        />
      </Section>

      {edit.error && (
        <Stack gap="2" data-testid="visual-edit-error">
          <Text fontSize="xs" color="red.fg">
            {edit.stale ? "This file was changed after you picked the element, so nothing was saved. Reload to edit the latest version." : edit.error}
          </Text>
          {edit.stale && (
            <Button size="xs" colorPalette="red" alignSelf="flex-start" onClick={edit.reload} data-testid="visual-edit-reload">
              Reload
            </Button>
          )}
        </Stack>
      )}
      <HStack justify="flex-end" gap="2">
        <Button size="sm" variant="ghost" onClick={edit.discard} disabled={edit.saving}>
          Discard
        </Button>
        <Button size="sm" colorPalette="purple" onClick={() => void edit.save()} loading={edit.saving} disabled={classes === selection.classes}>
          Save Changes
        </Button>
      </HStack>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="2">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Choice({ label, value, options, onChange }: { label: string; value: string; options: readonly string[]; onChange(value: string): void }) {
  return (
    <Stack gap="1" flex="1" minW="0">
      <Text fontSize="2xs" color="fg.muted">
        {label}
      </Text>
      <NativeSelect.Root size="xs">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={label}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o === "" ? "—" : o}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

/** Text, background or border colour: 22 families × shades 50–950, plus none, black and white. */
function ColorPicker({ classes, onChange }: { classes: string; onChange(next: string): void }) {
  const [target, setTarget] = useState<ColorTarget>("bg");
  const current = Utilities.color.get(classes, target);
  const pick = (color: string | null) => onChange(Utilities.color.set(classes, target, color));
  return (
    <Stack gap="2">
      <SegmentGroup.Root size="xs" value={target} onValueChange={(e) => e.value && setTarget(e.value as ColorTarget)}>
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={[{ value: "text", label: "Text" }, { value: "bg", label: "Background" }, { value: "border", label: "Border" }]} />
      </SegmentGroup.Root>
      <HStack gap="1">
        <Button size="2xs" variant={current === null ? "solid" : "outline"} onClick={() => pick(null)}>
          None
        </Button>
        {["black", "white"].map((c) => (
          <Swatch key={c} color={c} selected={current === c} onPick={pick} />
        ))}
        <Text fontSize="2xs" color="fg.muted" ms="auto" fontFamily="mono">
          {current ? `${target}-${current}` : ""}
        </Text>
      </HStack>
      <Grid templateColumns={`repeat(${SHADES.length}, 1fr)`} gap="1px" data-testid="visual-edit-palette">
        {COLOR_FAMILIES.flatMap((family) => SHADES.map((shade) => <Swatch key={`${family}-${shade}`} color={`${family}-${shade}`} selected={current === `${family}-${shade}`} onPick={pick} />))}
      </Grid>
    </Stack>
  );
}

function Swatch({ color, selected, onPick }: { color: string; selected: boolean; onPick(color: string): void }) {
  return (
    <Box
      as="button"
      aria-label={color}
      title={color}
      h="3.5"
      minW="3.5"
      rounded="2px"
      borderWidth="1px"
      borderColor={selected ? "fg" : "blackAlpha.200"}
      outline={selected ? "2px solid" : undefined}
      outlineColor="purple.solid"
      style={{ background: swatch(color) }}
      onClick={() => onPick(color)}
    />
  );
}
