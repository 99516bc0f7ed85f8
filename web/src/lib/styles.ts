/** A visual style the user may pick on Home (spec 01 §3 Style preset, §9 Style presets). */
export interface StylePreset {
  id: StyleId;
  name: string;
  description: string;
  features: string[];
  brands: string[];
  /** appended to the description after a separator line when the style is chosen */
  prompt: string;
}

export type StyleId = "neo-brutalism" | "neumorphism" | "glassmorphism" | "material-design" | "claymorphism";

export const stylePresets: StylePreset[] = [
  {
    id: "neo-brutalism",
    name: "Neo-brutalism",
    description: "Loud, honest and playful: flat high-contrast colours, thick black outlines and hard offset shadows.",
    features: ["Thick black borders", "Hard offset shadows", "Saturated flat colours", "Bold, oversized type"],
    brands: ["Gumroad", "Figma (marketing)", "Notion (illustrations)"],
    prompt: [
      "Design style: Neo-brutalism.",
      "- Use flat, saturated background colours (e.g. #FFE66D yellow, #FF6B6B coral, #4ECDC4 teal, #A5B4FC periwinkle) on an off-white page (#FFFDF5).",
      "- Give cards, buttons, inputs and images a solid 2-3px black border (#000) and a hard offset shadow with no blur (e.g. 4px 4px 0 #000).",
      "- Corners are square or only slightly rounded (0-6px).",
      "- Typography is bold and oversized: heavy headings (font-weight 800-900), tight letter spacing, plain sans-serif body text in black.",
      "- Buttons press in on hover/active by moving 2px towards the shadow and shrinking the shadow.",
      "- Avoid gradients, blur and subtle greys; keep layouts blocky with generous spacing and clear grid lines.",
    ].join("\n"),
  },
  {
    id: "neumorphism",
    name: "Neumorphism",
    description: "Soft, tactile surfaces that seem extruded from the background, lit by paired light and dark shadows.",
    features: ["Monochrome soft background", "Dual light/dark shadows", "Pressed (inset) states", "Rounded, minimal controls"],
    brands: ["Apple (early concepts)", "Dribbble banking UIs", "Smart-home dashboards"],
    prompt: [
      "Design style: Neumorphism (soft UI).",
      "- Use one soft background colour for the page and all surfaces (e.g. #E6EBF1), with dark slate text (#334155) and a single muted accent (e.g. #6C8EF5).",
      "- Raise cards and buttons with two shadows: a light one up-left and a dark one down-right (e.g. -6px -6px 12px #FFFFFF, 6px 6px 12px #C5CCD6). No borders.",
      "- Show pressed, active and input states with inset shadows instead of colour changes.",
      "- Use generous rounding (16-24px on cards, fully rounded pills for buttons and toggles).",
      "- Keep the layout airy and minimal with few colours; make sure text and icons keep enough contrast to stay readable.",
    ].join("\n"),
  },
  {
    id: "glassmorphism",
    name: "Glassmorphism",
    description: "Frosted, translucent panels floating over vivid gradients, with light borders and depth from blur.",
    features: ["Frosted translucent panels", "Background blur", "Vivid gradient backdrop", "Thin light borders"],
    brands: ["Apple macOS / visionOS", "Microsoft Fluent (Acrylic)", "Stripe (gradients)"],
    prompt: [
      "Design style: Glassmorphism.",
      "- Put the app on a vivid, colourful background: a multi-stop gradient (e.g. #7F5AF0 to #2CB67D to #FF8906) with a few large soft blurred colour blobs.",
      "- Cards, navigation and dialogs are frosted glass: semi-transparent white (rgba(255,255,255,0.15-0.25)), backdrop-filter: blur(16px), a 1px border of rgba(255,255,255,0.35) and a soft shadow.",
      "- Use white or near-white text with enough contrast over the glass; add a subtle text shadow where needed.",
      "- Rounded corners (16-24px), clean sans-serif type, and light hover states that raise the glass opacity slightly.",
      "- Keep panels layered to show depth; do not put glass on glass more than two levels deep.",
    ].join("\n"),
  },
  {
    id: "material-design",
    name: "Material Design",
    description: "Google's system: clear hierarchy, elevation by shadow, bold primary colours and meaningful motion.",
    features: ["Elevation & shadows", "Primary/secondary colour roles", "8 px spacing grid", "Ripple-style feedback"],
    brands: ["Google (Gmail, Drive, Android)", "YouTube", "Airbnb (early Android)"],
    prompt: [
      "Design style: Material Design 3.",
      "- Use a clear colour system: a primary colour (e.g. #6750A4), its container tone (#EADDFF), a secondary colour, and neutral surfaces (#FFFBFE) with on-colour text.",
      "- Express hierarchy with elevation: cards use soft layered shadows at levels 1-3; app bars and FABs float above content.",
      "- Follow an 8px spacing grid, 12-16px card radius and fully rounded buttons; use filled, tonal, outlined and text button variants consistently.",
      "- Typography uses Roboto or a similar sans-serif with the Material type scale (display, headline, title, body, label).",
      "- Include a top app bar, a floating action button for the main action where it fits, and state layers / ripple feedback on hover and press.",
    ].join("\n"),
  },
  {
    id: "claymorphism",
    name: "Claymorphism",
    description: "Friendly, puffy 3D shapes in pastel colours that look like soft modelling clay.",
    features: ["Puffy inflated shapes", "Pastel palette", "Inner + outer shadows", "Very rounded corners"],
    brands: ["Duolingo", "Headspace", "Clubhouse (illustrations)"],
    prompt: [
      "Design style: Claymorphism.",
      "- Use a cheerful pastel palette (e.g. #FFD6E0 pink, #C1E7FF sky, #D4F8D4 mint, #FFF1B5 butter, #E0D4FF lilac) on a light warm background (#FDF7F2).",
      "- Make cards and buttons look inflated: very rounded corners (24-32px), an outer soft drop shadow (e.g. 8px 12px 24px rgba(0,0,0,0.12)) plus inner shadows for volume (inset -6px -6px 12px rgba(0,0,0,0.08), inset 6px 6px 12px rgba(255,255,255,0.7)).",
      "- Use rounded, friendly typography (e.g. Nunito or Poppins) with dark, readable text.",
      "- Add playful 3D-looking icons or emoji and gentle bounce animations on hover and press.",
      "- Keep it soft: no hard borders or sharp corners.",
    ].join("\n"),
  },
];

export const STYLE_SEPARATOR = "\n\n---\n\n";

export const styleById = (id: string | null | undefined) => stylePresets.find((s) => s.id === id);

/** The first chat message: the description, then the style's prompt after a separator line (spec 01 §5). */
export function describeWithStyle(description: string, style: StylePreset | undefined): string {
  const text = description.trim();
  return style ? `${text}${STYLE_SEPARATOR}${style.prompt}` : text;
}
