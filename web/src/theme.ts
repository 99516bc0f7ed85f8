import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/** Kiln's look: warm neutrals with a fired-clay accent. */
const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.orange.600}" },
          contrast: { value: "white" },
          fg: { value: "{colors.orange.700}" },
          muted: { value: "{colors.orange.100}" },
          subtle: { value: "{colors.orange.50}" },
          emphasized: { value: "{colors.orange.200}" },
          focusRing: { value: "{colors.orange.500}" },
        },
      },
    },
  },
  globalCss: { "html, body": { bg: "bg.subtle" } },
});

export const system = createSystem(defaultConfig, config);
