import { Box, Button, Card, HStack, Heading, IconButton, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { formatDistanceToNow } from "date-fns";
import { ExternalLink, Gift, Link2, Pencil, Star, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { FEATURE_MESSAGES } from "../../../../../lib/tiers";
import { useUpdateApp } from "../../../api/apps";
import { detailOf } from "../../../api/client";
import { appOrigin } from "../../../lib/app-origin";
import { AppLogo } from "../../apps/AppLogo";
import { toast } from "../../ui/toaster";
import { ShareDialog } from "../share/ShareDialog";
import { useCopy } from "../useCopy";
import { useFeatures } from "../useFeatures";
import { VisibilitySelect } from "../VisibilitySelect";
import { nameProblem } from "./name";

function AppName({ app }: { app: App }) {
  const update = useUpdateApp(app.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(app.name);
  useEffect(() => {
    if (!editing) setDraft(app.name);
  }, [app.name, editing]);

  const save = () => {
    const name = draft.trim();
    if (name === app.name) return setEditing(false);
    const problem = nameProblem(app, name);
    if (problem) {
      toast.error(problem);
      return;
    }
    setEditing(false);
    update.mutate({ name }, { onError: (err) => toast.error(`Error: ${detailOf(err)}`) });
  };

  if (!editing) {
    return (
      <HStack gap="1" minW="0">
        <Heading size="xl" truncate data-testid="overview-name">
          {app.name}
        </Heading>
        <IconButton aria-label="Rename app" title="Rename" size="xs" variant="ghost" onClick={() => setEditing(true)} data-testid="overview-rename">
          <Pencil />
        </IconButton>
      </HStack>
    );
  }
  return (
    <HStack as="form" onSubmit={(e) => (e.preventDefault(), save())} gap="2">
      <Input
        size="sm"
        value={draft}
        maxLength={100}
        autoFocus
        aria-label="App name"
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => e.key === "Escape" && (setDraft(app.name), setEditing(false))}
        data-testid="overview-name-input"
      />
      <Button size="sm" type="submit" data-testid="overview-name-save">
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={() => (setDraft(app.name), setEditing(false))}>
        Cancel
      </Button>
    </HStack>
  );
}

function Description({ app }: { app: App }) {
  const update = useUpdateApp(app.id);
  const [draft, setDraft] = useState(app.user_description);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setDraft(app.user_description);
  }, [app.user_description, focused]);
  const save = () => {
    setFocused(false);
    if (draft.trim() === app.user_description.trim()) return;
    update.mutate({ user_description: draft.trim() }, { onError: () => toast.error("Failed to update app description") });
  };
  return (
    <Textarea
      value={draft}
      placeholder="Describe what this app does"
      autoresize
      maxH="40"
      fontSize="sm"
      variant="subtle"
      aria-label="App description"
      onFocus={() => setFocused(true)}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={save}
      data-testid="overview-description"
    />
  );
}

/** The workspace's overview (spec 02 Overview). */
export function OverviewView({ app }: { app: App }) {
  const navigate = useNavigate();
  const update = useUpdateApp(app.id);
  const { features } = useFeatures();
  const [shareOpen, setShareOpen] = useState(false);
  const { copied, copy } = useCopy();
  const pages = Object.keys(app.pages);
  const firstPage = app.main_page && pages.includes(app.main_page) ? app.main_page : pages[0];
  const url = appOrigin(app.slug);

  const openApp = () =>
    firstPage
      ? void navigate({ to: "/apps/$appId/editor/preview/$pageName", params: { appId: app.id, pageName: firstPage } })
      : void navigate({ to: "/apps/$appId/editor/preview", params: { appId: app.id } });
  const toggleStar = () => update.mutate({ is_starred: !app.is_starred }, { onError: (err) => toast.error(`Error: ${detailOf(err)}`) });

  return (
    <Stack gap="6" p="6" maxW="3xl" data-testid="overview-view">
      <HStack gap="4" align="flex-start">
        <AppLogo app={app} size={14} />
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="1">
            <Box flex="1" minW="0">
              <AppName app={app} />
            </Box>
            <IconButton
              aria-label={app.is_starred ? "Unstar app" : "Star app"}
              aria-pressed={app.is_starred}
              title={app.is_starred ? "Unstar" : "Star"}
              size="sm"
              variant="ghost"
              color={app.is_starred ? "yellow.500" : "fg.subtle"}
              onClick={toggleStar}
              data-testid="overview-star"
            >
              <Star fill={app.is_starred ? "currentColor" : "none"} />
            </IconButton>
          </HStack>
          <Text fontSize="xs" color="fg.muted" data-testid="overview-created">
            Created {formatDistanceToNow(new Date(app.created_date), { addSuffix: true })}
          </Text>
        </Stack>
      </HStack>

      <Description app={app} />

      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="brand" onClick={openApp} data-testid="overview-open-app">
          <ExternalLink /> Open App
        </Button>
        <Button size="sm" variant="outline" onClick={() => setShareOpen(true)} data-testid="overview-share">
          <Gift /> Share App
          <Text as="span" fontSize="xs" color="fg.muted">
            win free credits!
          </Text>
        </Button>
      </HStack>

      <Card.Root size="sm">
        <Card.Body gap="3">
          <Heading size="sm">Visibility</Heading>
          <Text fontSize="sm" color="fg.muted">
            Who can open this app.
          </Text>
          <VisibilitySelect app={app} testId="overview-visibility" />
        </Card.Body>
      </Card.Root>

      <Card.Root size="sm" data-testid="overview-invite-card">
        <Card.Body gap="3">
          <Heading size="sm">Invite Users</Heading>
          <Text fontSize="sm" color="fg.muted">
            Share the link, or invite people by e-mail.
          </Text>
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => void copy(url)} data-testid="overview-copy-link">
              <Link2 /> {copied ? "Copied!" : "Copy Link"}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setShareOpen(true)} data-testid="overview-send-invites">
              <UserPlus /> Send Invites
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>

      {app.is_remixable && (
        <Card.Root size="sm" data-testid="overview-badge-card">
          <Card.Body gap="3">
            <Heading size="sm">Platform Badge</Heading>
            <Text fontSize="sm" color="fg.muted">
              Your published app shows a "Made with Kiln" badge.
            </Text>
            <HStack gap="3">
              <Button
                size="sm"
                variant="outline"
                disabled={!features.badge_toggle}
                onClick={() => void navigate({ to: "/apps/$appId/editor/workspace/$view", params: { appId: app.id, view: "app-settings" }, search: { selectedParam: "platform-badge" } })}
                data-testid="overview-hide-badge"
              >
                Hide Badge
              </Button>
              {!features.badge_toggle && (
                <Text fontSize="xs" color="fg.muted" data-testid="overview-badge-gate">
                  {FEATURE_MESSAGES.badge_toggle}
                </Text>
              )}
            </HStack>
          </Card.Body>
        </Card.Root>
      )}

      <ShareDialog app={app} open={shareOpen} onClose={() => setShareOpen(false)} />
    </Stack>
  );
}
