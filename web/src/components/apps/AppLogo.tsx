import { Box, Image } from "@chakra-ui/react";
import type { AppSummary } from "../../../../schemas/app";
import { appName } from "./describe";

const palettes = ["orange", "teal", "purple", "blue", "pink", "green", "cyan", "red"];

function paletteFor(key: string) {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return palettes[Math.abs(hash) % palettes.length];
}

/** The app's logo, or its initial on a colour picked from its id. */
export function AppLogo({ app, size = 10 }: { app: Pick<AppSummary, "id" | "name" | "logo_url">; size?: number }) {
  if (app.logo_url) return <Image src={app.logo_url} alt="" boxSize={size} rounded="lg" objectFit="cover" flexShrink="0" />;
  const palette = paletteFor(app.id);
  return (
    <Box
      aria-hidden
      boxSize={size}
      rounded="lg"
      flexShrink="0"
      display="grid"
      placeItems="center"
      fontWeight="bold"
      fontSize={size >= 10 ? "md" : "sm"}
      color={`${palette}.700`}
      bg={`${palette}.100`}
      borderWidth="1px"
      borderColor={`${palette}.200`}
    >
      {appName(app).charAt(0).toUpperCase()}
    </Box>
  );
}
