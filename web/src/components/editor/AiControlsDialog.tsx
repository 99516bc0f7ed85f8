import { Box, Button, Checkbox, Field, HStack, Stack, Text, Textarea } from "@chakra-ui/react";
import { useEffect, useEffectEvent, useState } from "react";
import type { App } from "../../../../schemas/app";
import { useUpdateApp } from "../../api/apps";
import { detailOf } from "../../api/client";
import { KilnDialog } from "../ui/Dialog";
import { toast } from "../ui/toaster";
import type { FileMap } from "./appFiles";

const MAX_INSTRUCTIONS = 10_000;

/** AI Controls (spec 01 §2): custom instructions and frozen files, saved together. */
export function AiControlsDialog({ app, files, open, onClose }: { app: App; files: FileMap; open: boolean; onClose(): void }) {
  const update = useUpdateApp(app.id);
  const [instructions, setInstructions] = useState(app.custom_instructions);
  const [frozen, setFrozen] = useState(() => new Set(app.frozen_files));
  const paths = [...new Set([...Object.keys(files), ...app.frozen_files])].sort();

  // Each opening starts from what is saved (an update while open does not overwrite the edits).
  const startFromSaved = useEffectEvent(() => {
    setInstructions(app.custom_instructions);
    setFrozen(new Set(app.frozen_files));
  });
  useEffect(() => {
    if (open) startFromSaved();
  }, [open]);

  const toggle = (path: string, on: boolean) =>
    setFrozen((current) => {
      const next = new Set(current);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });

  const save = () =>
    update.mutate(
      { custom_instructions: instructions, frozen_files: paths.filter((p) => frozen.has(p)) },
      {
        onSuccess: () => {
          toast.success("AI controls saved");
          onClose();
        },
        onError: (err) => toast.error(`Failed to save AI controls: ${detailOf(err)}`),
      },
    );

  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title="AI Controls"
      size="lg"
      closeButton={false}
      testId="ai-controls-dialog"
      action={{ label: "Save Changes", onClick: save, loading: update.isPending, disabled: instructions.length > MAX_INSTRUCTIONS, testId: "ai-controls-save" }}
    >
      <Stack gap="6">
        <Field.Root invalid={instructions.length > MAX_INSTRUCTIONS}>
          <Field.Label>Custom instructions</Field.Label>
          <Textarea
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            rows={5}
            placeholder="e.g. Always use a friendly tone in the app's copy. Prefer cards over tables."
            data-testid="custom-instructions"
          />
          <Field.HelperText>Kiln follows these in every change it makes to this app.</Field.HelperText>
          <Field.ErrorText>Custom instructions must be at most 10,000 characters</Field.ErrorText>
        </Field.Root>

        <Box>
          <HStack justify="space-between" mb="2">
            <Box>
              <Text fontWeight="medium" fontSize="sm">
                Freeze files
              </Text>
              <Text color="fg.muted" fontSize="xs">
                The AI will not change frozen files.
              </Text>
            </Box>
            <HStack gap="1">
              <Button size="xs" variant="ghost" onClick={() => setFrozen(new Set(paths))} data-testid="freeze-all">
                Freeze All
              </Button>
              <Button size="xs" variant="ghost" onClick={() => setFrozen(new Set())} data-testid="unfreeze-all">
                Unfreeze All
              </Button>
            </HStack>
          </HStack>
          <Stack h="200px" overflowY="auto" borderWidth="1px" rounded="md" p="2" gap="1" data-testid="freeze-list">
            {paths.length === 0 && (
              <Text color="fg.muted" fontSize="sm" p="2">
                This app has no files yet.
              </Text>
            )}
            {paths.map((path) => (
              <Checkbox.Root key={path} size="sm" checked={frozen.has(path)} onCheckedChange={(e) => toggle(path, !!e.checked)} px="1" py="0.5">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontFamily="mono" fontSize="xs">
                  {path}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Box>
      </Stack>
    </KilnDialog>
  );
}
