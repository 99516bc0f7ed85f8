import { Box } from "@chakra-ui/react";
import type { StyleId } from "../../lib/styles";

/** A tiny live sample of each style, drawn with the style's own borders, shadows and colours. */
export function StyleSwatch({ id }: { id: StyleId }) {
  const frame = { position: "relative", h: "16", rounded: "lg", overflow: "hidden" } as const;
  switch (id) {
    case "neo-brutalism":
      return (
        <Box {...frame} bg="#FFE66D" aria-hidden>
          <Box position="absolute" left="3" top="3" w="55%" h="7" bg="white" border="2px solid #000" boxShadow="3px 3px 0 #000" />
          <Box position="absolute" right="3" bottom="2.5" w="8" h="5" bg="#FF6B6B" border="2px solid #000" boxShadow="2px 2px 0 #000" />
        </Box>
      );
    case "neumorphism":
      return (
        <Box {...frame} bg="#E6EBF1" aria-hidden>
          <Box position="absolute" left="3" top="3" w="55%" h="7" rounded="xl" bg="#E6EBF1" boxShadow="-4px -4px 8px #ffffff, 4px 4px 8px #bec7d3" />
          <Box position="absolute" right="3" bottom="2.5" w="9" h="5" rounded="full" bg="#E6EBF1" boxShadow="inset -3px -3px 6px #ffffff, inset 3px 3px 6px #bec7d3" />
        </Box>
      );
    case "glassmorphism":
      return (
        <Box {...frame} bgImage="linear-gradient(135deg, #7F5AF0 0%, #2CB67D 60%, #FF8906 100%)" aria-hidden>
          <Box position="absolute" right="-2" top="-3" boxSize="12" rounded="full" bg="#FF8906" filter="blur(6px)" opacity="0.8" />
          <Box position="absolute" left="3" top="3" right="6" bottom="3" rounded="lg" bg="rgba(255,255,255,0.22)" backdropFilter="blur(6px)" border="1px solid rgba(255,255,255,0.5)" />
        </Box>
      );
    case "material-design":
      return (
        <Box {...frame} bg="#F7F2FA" aria-hidden>
          <Box position="absolute" left="0" right="0" top="0" h="3" bg="#6750A4" />
          <Box position="absolute" left="3" top="5" w="55%" h="7" rounded="md" bg="white" boxShadow="0 1px 3px rgba(0,0,0,0.2), 0 2px 6px rgba(0,0,0,0.12)" />
          <Box position="absolute" right="3" bottom="2" boxSize="7" rounded="lg" bg="#EADDFF" boxShadow="0 3px 6px rgba(0,0,0,0.2)" />
        </Box>
      );
    case "claymorphism":
      return (
        <Box {...frame} bg="#FDF7F2" aria-hidden>
          <Box
            position="absolute"
            left="3"
            top="2.5"
            w="55%"
            h="8"
            rounded="2xl"
            bg="#FFD6E0"
            boxShadow="4px 6px 10px rgba(0,0,0,0.12), inset -3px -3px 6px rgba(0,0,0,0.08), inset 3px 3px 6px rgba(255,255,255,0.8)"
          />
          <Box
            position="absolute"
            right="3"
            bottom="2"
            boxSize="7"
            rounded="full"
            bg="#C1E7FF"
            boxShadow="3px 4px 8px rgba(0,0,0,0.12), inset -2px -2px 5px rgba(0,0,0,0.08), inset 2px 2px 5px rgba(255,255,255,0.8)"
          />
        </Box>
      );
  }
}
