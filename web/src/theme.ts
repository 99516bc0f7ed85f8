import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/**
 * Kiln's look: warm neutrals with a fired-clay accent. Every text colour meets WCAG AA (4.5:1) on the
 * surfaces it is used on: Chakra's defaults for filled orange and green (white on orange.600 is 3.6:1),
 * for subtle text (gray.400 on white is 2.6:1) and for error, warning and success text do not, so they
 * are darkened here; test/e2e/accessibility.test.ts runs axe-core over the main screens.
 */
const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif" },
      },
      colors: {
        /** Kiln's orange for fills under white text: 5.6:1, and 4.8:1 at the buttons' hover (solid/90) */
        clay: { value: "#b93c0b" },
        /** subtle text: 5.7:1 on white, 5.2:1 on bg.muted (Chakra's gray.400 is 2.6:1) */
        subtleText: { value: "#666670" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.clay}" },
          contrast: { value: "white" },
          fg: { value: "{colors.orange.700}" },
          muted: { value: "{colors.orange.100}" },
          subtle: { value: "{colors.orange.50}" },
          emphasized: { value: "{colors.orange.200}" },
          // a focus ring is not text: 3:1 against white is enough (orange.500 is 2.8:1)
          focusRing: { value: "{colors.orange.600}" },
        },
        orange: { solid: { value: { _light: "{colors.clay}", _dark: "{colors.orange.600}" } } },
        green: { solid: { value: { _light: "{colors.green.700}", _dark: "{colors.green.600}" } } },
        fg: {
          subtle: { value: { _light: "{colors.subtleText}", _dark: "{colors.gray.500}" } },
          error: { value: { _light: "{colors.red.700}", _dark: "{colors.red.400}" } },
          warning: { value: { _light: "{colors.orange.700}", _dark: "{colors.orange.300}" } },
          success: { value: { _light: "{colors.green.700}", _dark: "{colors.green.300}" } },
        },
      },
    },
  },
  globalCss: { "html, body": { bg: "bg.subtle" } },
});

export const system = createSystem(defaultConfig, config);
