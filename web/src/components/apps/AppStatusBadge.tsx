import { Badge, Box } from "@chakra-ui/react";
import type { AppSummary } from "../../../../schemas/app";

const look = {
  ready: { label: "Ready", palette: "green" },
  processing: { label: "Processing", palette: "orange" },
  error: { label: "Error", palette: "red" },
} as const;

/** The app's status state: processing, ready or error (spec 01 §4). */
export function AppStatusBadge({ status }: { status: AppSummary["status"] }) {
  const state = status?.state ?? "ready";
  const { label, palette } = look[state];
  return (
    <Badge colorPalette={palette} variant="subtle" rounded="full" gap="1.5" px="2" data-testid="app-status" data-state={state} title={status?.details ?? undefined}>
      <Box
        boxSize="1.5"
        rounded="full"
        bg="colorPalette.solid"
        animation={state === "processing" ? "pulse 1.4s ease-in-out infinite" : undefined}
      />
      {label}
    </Badge>
  );
}
