import { Box, Button, Heading, HStack, Input, Stack, Tabs, Text, Textarea } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { Sparkles, Upload } from "lucide-react";
import { useRef, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { uploadFile } from "../../../api/apps";
import { detailOf } from "../../../api/client";
import { useUpdateLogo } from "../../../api/workspace";
import { AppLogo } from "../../apps/AppLogo";
import { toast } from "../../ui/toaster";

const DEFAULT_PROMPT = "A modern, minimalist logo for a business app";

/** A failed generation says what failed: generating a first logo, or regenerating the one the app has (spec 02 §8's text). */
const generateFailure = (hadLogo: boolean) => (hadLogo ? "Failed to regenerate logo" : "Failed to generate logo");

/** App Logo (spec 02): upload an image, or generate one from a prompt. */
export function LogoView({ app }: { app: App }) {
  const update = useUpdateLogo(app.id);
  const input = useRef<HTMLInputElement>(null);
  const [prompt, setPrompt] = useState(DEFAULT_PROMPT);
  const [generateError, setGenerateError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => update.mutateAsync({ logo_url: await uploadFile(file) }),
    onSuccess: () => toast.success("Logo updated"),
    onError: (err) => toast.error(`Failed to upload logo: ${detailOf(err)}`),
  });
  const generate = useMutation({
    mutationFn: () => update.mutateAsync({ prompt: prompt.trim() }),
    onMutate: () => setGenerateError(null),
    onSuccess: () => toast.success("Logo updated"),
    onError: (err) => {
      setGenerateError(detailOf(err));
      toast.error(generateFailure(Boolean(app.logo_url)));
    },
  });

  const chosen = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) return toast.error("Failed to upload logo: choose an image file");
    upload.mutate(file);
  };

  return (
    <Stack gap="6" p="6" maxW="2xl" data-testid="logo-view">
      <Heading size="lg">App Logo</Heading>
      <HStack gap="4">
        <AppLogo app={app} size={20} />
        <Text fontSize="sm" color="fg.muted">
          {app.logo_url ? "The app's current logo." : "No logo yet: the app shows its initial."}
        </Text>
      </HStack>
      <Tabs.Root defaultValue="upload" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="upload" data-testid="logo-tab-upload">
            <Upload size={14} /> Upload Logo
          </Tabs.Trigger>
          <Tabs.Trigger value="generate" data-testid="logo-tab-generate">
            <Sparkles size={14} /> Generate Logo
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="upload">
          <Box borderWidth="1px" borderStyle="dashed" rounded="lg" p="8" textAlign="center">
            <Input ref={input} type="file" accept="image/*" display="none" onChange={(e) => chosen(e.currentTarget.files)} data-testid="logo-file" />
            <Button onClick={() => input.current?.click()} loading={upload.isPending} data-testid="logo-upload">
              <Upload /> Choose an image
            </Button>
            <Text mt="2" fontSize="xs" color="fg.muted">
              PNG, JPG up to 5MB
            </Text>
          </Box>
        </Tabs.Content>
        <Tabs.Content value="generate">
          <Stack gap="3">
            <Textarea value={prompt} onChange={(e) => setPrompt(e.currentTarget.value)} rows={3} maxLength={1000} aria-label="Logo prompt" data-testid="logo-prompt" />
            <Button alignSelf="flex-start" onClick={() => generate.mutate()} disabled={!prompt.trim()} loading={generate.isPending} data-testid="logo-generate">
              <Sparkles /> Generate
            </Button>
            {generateError && (
              <Text fontSize="sm" color="fg.error" data-testid="logo-generate-error">
                {generateError}
              </Text>
            )}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
