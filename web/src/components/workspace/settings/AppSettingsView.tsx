import { Box, Button, Heading, HStack, Stack, Switch, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import type { App, UpdateAppBody } from "../../../../../schemas/app";
import { FEATURE_MESSAGES } from "../../../../../lib/tiers";
import { Apps, useUpdateApp } from "../../../api/apps";
import { useBlockApp } from "../../../api/workspace";
import { toast } from "../../ui/toaster";
import { BackendFunctionsAction } from "./BackendFunctionsAction";
import { IntegrationsSection } from "./IntegrationsSection";
import { useFeatures } from "../useFeatures";
import { VisibilitySelect } from "../VisibilitySelect";
import { NameSelect } from "../../ui/NameSelect";
import { sectionFrame } from "./sectionFrame";

/** Callers may name the badge section either way (spec 02 §2 App-settings sections). */
const sectionAlias: Record<string, string> = { "platform-badge": "branding-badge" };
const SCROLL_DELAY_MS = 300;

function Section({ id, title, description, highlighted, children }: { id: string; title: string; description: string; highlighted: boolean; children: ReactNode }) {
  return (
    <HStack {...sectionFrame(id, highlighted)} justify="space-between" align="center" gap="6">
      <Stack gap="1" minW="0">
        <Text fontWeight="medium">{title}</Text>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Stack>
      <Box flexShrink="0">{children}</Box>
    </HStack>
  );
}

function Toggle({ checked, disabled, label, testId, onChange }: { checked: boolean; disabled?: boolean; label: string; testId: string; onChange(value: boolean): void }) {
  return (
    <Switch.Root checked={checked} disabled={disabled} onCheckedChange={(e) => onChange(e.checked)} colorPalette="brand" data-testid={testId}>
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

/**
 * App Settings (spec 02): General Settings and Danger Zone; Block/Unblock only for
 * platform admins. `section` (?selectedParam=) is scrolled into view after 300 ms and
 * highlighted. Every change is saved at once; a refusal names what failed.
 */
export function AppSettingsView({ app, section }: { app: App; section?: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const update = useUpdateApp(app.id);
  const block = useBlockApp(app.id);
  const { features, isAdmin } = useFeatures();
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const pages = Object.keys(app.pages);

  useEffect(() => {
    const target = section ? (sectionAlias[section] ?? section) : null;
    if (!target) return;
    const timer = setTimeout(() => {
      document.getElementById(`settings-${target}`)?.scrollIntoView({ behavior: "smooth", block: "center" });
      setHighlighted(target);
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [section]);

  const save = (patch: UpdateAppBody, failure: string) => update.mutate(patch, { onSuccess: () => toast.success("Settings saved"), onError: () => toast.error(failure) });

  const remove = useMutation({
    mutationFn: () => Apps.remove(app.id),
    onSuccess: () => {
      client.removeQueries({ queryKey: ["app", app.id] });
      void client.invalidateQueries({ queryKey: ["apps"] });
      toast.success("App deleted");
      void navigate({ to: "/apps" });
    },
    onError: () => toast.error("Failed to delete app"),
  });
  const confirmDelete = () => {
    if (window.confirm(`Delete "${app.name}"? Its data, users and history are deleted too. This cannot be undone.`)) remove.mutate();
  };
  const toggleBlock = () =>
    block.mutate(!app.is_blocked, {
      onSuccess: (meta) => toast.success(meta.is_blocked ? "App blocked" : "App unblocked"),
      onError: () => toast.error("Failed to block or unblock app"),
    });
  const is = (id: string) => highlighted === id;

  return (
    <Stack gap="8" p="6" maxW="3xl" data-testid="app-settings-view">
      <Heading size="lg">App Settings</Heading>

      <Stack gap="3">
        <Heading size="md">General Settings</Heading>
        <Section id="main-page" title="Main page" description="The page the app opens on." highlighted={is("main-page")}>
          <NameSelect
            size="sm"
            minW="40"
            disabled={!pages.length}
            label="Main page"
            names={pages}
            value={app.main_page ?? ""}
            onChange={(page) => page !== app.main_page && save({ main_page: page }, "Failed to update main page")}
            testId="settings-main-page-select"
            placeholder={!app.main_page && <option value="">Choose a page</option>}
          />
        </Section>
        <Section id="visibility" title="Visibility" description="Who can open the app." highlighted={is("visibility")}>
          <VisibilitySelect app={app} testId="settings-visibility-select" />
        </Section>
        <Section
          id="branding-badge"
          title="Platform badge"
          description={features.badge_toggle ? 'Show the "Made with Kiln" badge on the published app.' : FEATURE_MESSAGES.badge_toggle!}
          highlighted={is("branding-badge")}
        >
          <Toggle
            checked={app.is_remixable}
            disabled={!features.badge_toggle}
            label="Show the platform badge"
            testId="settings-badge-toggle"
            onChange={(value) => save({ is_remixable: value }, "Failed to update platform badge visibility")}
          />
        </Section>
        <Section id="hide-created-by" title="Hide record creators" description="Hide who created each record in the data tables." highlighted={is("hide-created-by")}>
          <Toggle
            checked={app.hide_entity_created_by === true}
            label="Hide record creators"
            testId="settings-hide-created-by"
            onChange={(value) => save({ hide_entity_created_by: value }, "Failed to update entity creator visibility")}
          />
        </Section>
        <Section id="enable-username-password" title="E-mail and password sign-in" description="Let the app's users sign in with an e-mail address and a password." highlighted={is("enable-username-password")}>
          <Toggle
            checked={app.enable_username_password === true}
            label="E-mail and password sign-in"
            testId="settings-username-password"
            onChange={(value) => save({ enable_username_password: value }, "Failed to update email and password authentication")}
          />
        </Section>
        <Section id="clone-app" title="Clone app" description="Make a copy of this app, with its history, in a new tab." highlighted={is("clone-app")}>
          {/* a link, not window.open: a new tab the browser never blocks, and the copy keeps its history as the section says */}
          <Button size="sm" variant="outline" asChild data-testid="settings-clone">
            <a href={`/remix-app/${encodeURIComponent(app.id)}?clone_history=true`} target="_blank" rel="noopener noreferrer">
              Create Copy
            </a>
          </Button>
        </Section>
        <Section
          id="backend-functions"
          title="Backend functions"
          description={
            features.backend_functions || app.has_backend_functions_enabled
              ? "Server-side functions for this app (functions/<name> in the code workspace), with Secrets for their API keys. Once activated they stay on."
              : FEATURE_MESSAGES.backend_functions!
          }
          highlighted={is("backend-functions")}
        >
          <BackendFunctionsAction app={app} allowed={features.backend_functions} />
        </Section>
        <IntegrationsSection app={app} highlighted={is("integrations")} />
      </Stack>

      <Stack gap="3">
        <Heading size="md" color="fg.error">
          Danger Zone
        </Heading>
        <Section id="delete-app" title="Delete app" description="Delete this app, its data and its users for good." highlighted={is("delete-app")}>
          <Button size="sm" colorPalette="red" loading={remove.isPending} onClick={confirmDelete} data-testid="settings-delete">
            Delete App
          </Button>
        </Section>
        {isAdmin && (
          <Section
            id="admin-controls"
            title={app.is_blocked ? "Unblock App" : "Block App"}
            description={app.is_blocked ? "This app is blocked: its API refuses everyone but platform admins." : "Platform admins only: stop the app from serving anyone."}
            highlighted={is("admin-controls")}
          >
            <Button size="sm" colorPalette={app.is_blocked ? "gray" : "red"} variant="outline" loading={block.isPending} onClick={toggleBlock} data-testid="settings-block">
              {app.is_blocked ? "Unblock App" : "Block App"}
            </Button>
          </Section>
        )}
      </Stack>
    </Stack>
  );
}
