import { Box, Container, Heading, Spinner, Stack, Text, VStack } from "@chakra-ui/react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useRef, useState } from "react";
import * as z from "zod";
import { REQUIRED_KEYS_MESSAGE } from "../../../../schemas/secrets";
import { usageQuery } from "../../api/apps";
import { meQuery } from "../../api/auth";
import { ApiError, detailOf } from "../../api/client";
import { AttachmentErrors } from "../../components/attachments/AttachmentErrors";
import { IdeaSuggestions } from "../../components/home/IdeaSuggestions";
import { IntegrationPicker } from "../../components/home/IntegrationPicker";
import { OutOfCredits } from "../../components/home/OutOfCredits";
import { PromptBox } from "../../components/home/PromptBox";
import { RecentApps } from "../../components/home/RecentApps";
import { ServerSuggestions } from "../../components/home/ServerSuggestions";
import { StylePicker } from "../../components/home/StylePicker";
import { UsageBanner } from "../../components/home/UsageBanner";
import { useAttachments } from "../../components/attachments/useAttachments";
import { CREATE_FAILED, isOutOfCredits, useCreateApp } from "../../components/home/useCreateApp";
import { integrationIds, useIntegrations } from "../../components/home/useIntegrations";
import { type StyleId, describeWithStyle, styleById } from "../../lib/styles";

/** `?integrations=stripe-payments,openai` preloads catalogue items (spec 01 §2); the router reads a lone number as one, so it is taken as text. */
const HomeSearch = z.object({
  integrations: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(2000).optional()).catch(undefined),
});

export const Route = createFileRoute("/_app/")({
  validateSearch: (search) => HomeSearch.parse(search),
  loader: async ({ context: { queryClient } }) => {
    // usage that fails to load leaves the prompt open, as it always has: the page does not wait on it to fail
    await Promise.all([queryClient.ensureQueryData(meQuery), queryClient.ensureQueryData(usageQuery).catch(() => undefined)]);
  },
  pendingComponent: () => (
    <VStack py="24" data-testid="home-loading">
      <Spinner size="lg" color="brand.solid" />
    </VStack>
  ),
  component: Home,
});

/** Home (spec 01 §2): describe an app, pick a style, attach files, and Kiln builds it. */
function Home() {
  const me = useSuspenseQuery(meQuery);
  const usage = useQuery(usageQuery);
  const [text, setText] = useState("");
  const [styleId, setStyleId] = useState<StyleId | null>(null);
  const [outOfCredits, setOutOfCredits] = useState<string | null>(null);
  const attachments = useAttachments();
  const create = useCreateApp();
  const input = useRef<HTMLTextAreaElement>(null);
  const style = styleById(styleId);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const ids = integrationIds(search.integrations);
  const integrations = useIntegrations(ids);
  const [showBlank, setShowBlank] = useState(false);
  const keepIds = (keep: (id: string) => boolean) =>
    void navigate({ search: (prev) => ({ ...prev, integrations: ids.filter(keep).join(",") || undefined }), replace: true });

  const submitting = create.isPending || create.isSuccess;
  const overLimit = usage.data?.is_over_limit ?? false;
  // Spec 01 §4: disabled while usage loads, while submitting, or when over the limit.
  const disabled = usage.isPending || submitting || overLimit;

  const submit = () => {
    if (disabled || attachments.uploading) return;
    if (text.trim() === "") {
      window.alert("Please enter an app description");
      return;
    }
    if (integrations.pending) return;
    if (integrations.missing) {
      setShowBlank(true);
      window.alert(REQUIRED_KEYS_MESSAGE);
      return;
    }
    setOutOfCredits(null);
    const chosen = integrations.items.map((i) => i.id);
    create.mutate(
      {
        user_description: describeWithStyle(text, style),
        style: style?.id,
        file_urls: attachments.urls.length ? attachments.urls : undefined,
        integrations: chosen.length ? chosen : undefined,
        secrets: integrations.choices.length ? integrations.choices : undefined,
      },
      {
        onError: (err) => {
          if (isOutOfCredits(err)) setOutOfCredits(detailOf(err));
          // A refused integration or secret says what to fix (e.g. a reused secret that was deleted meanwhile).
          else if (chosen.length && err instanceof ApiError && (err.status === 400 || err.status === 403)) window.alert(err.detail);
          else window.alert(CREATE_FAILED);
        },
      },
    );
  };

  const pick = (prompt: string) => {
    setText(prompt);
    input.current?.focus();
    input.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  };

  return (
    <Box position="relative" overflow="hidden">
      <Box
        aria-hidden
        position="absolute"
        top="-40"
        left="50%"
        transform="translateX(-50%)"
        w="4xl"
        maxW="100vw"
        h="96"
        bgImage="radial-gradient(closest-side, var(--chakra-colors-orange-200), transparent)"
        opacity="0.55"
        pointerEvents="none"
      />
      <Container maxW="4xl" px={{ base: "4", md: "6" }} pt={{ base: "10", md: "16" }} pb="16" position="relative">
        <Stack gap={{ base: "8", md: "10" }}>
          <Stack gap="5">
            <Stack gap="2" textAlign="center">
              <Heading as="h1" size={{ base: "3xl", md: "5xl" }} letterSpacing="-0.03em" fontWeight="bold">
                What would you build today?
              </Heading>
              <Text color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
                Describe it in plain words. Kiln builds the pages, data and logic, then you refine it in chat.
              </Text>
            </Stack>
            <UsageBanner usage={usage.data} />
            {outOfCredits && <OutOfCredits detail={outOfCredits} />}
            <PromptBox
              value={text}
              onChange={setText}
              onSubmit={submit}
              disabled={disabled}
              submitting={submitting}
              attachments={attachments}
              style={style}
              onClearStyle={() => setStyleId(null)}
              inputRef={input}
            />
            <IntegrationPicker
              integrations={integrations}
              onRemove={(id) => keepIds((x) => x !== id)}
              onDismissUnavailable={() => keepIds((id) => !integrations.unavailable.some((u) => u.id === id))}
              showBlank={showBlank}
              disabled={submitting}
            />
            <AttachmentErrors errors={attachments.errors} onDismiss={attachments.dismissErrors} />
            <ServerSuggestions onPick={pick} disabled={submitting} />
          </Stack>
          <StylePicker value={styleId} onChange={setStyleId} disabled={submitting} />
          <IdeaSuggestions onPick={pick} disabled={submitting} />
          <RecentApps email={me.data.email} />
        </Stack>
      </Container>
    </Box>
  );
}
