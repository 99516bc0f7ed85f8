import { Badge, IconButton, Menu, Portal } from "@chakra-ui/react";
import { useRouter } from "@tanstack/react-router";
import { Award, Bot, Globe, Link2, Lock, Settings, ShieldCheck, SlidersHorizontal, Users, UsersRound } from "lucide-react";
import { useState } from "react";
import { type App, type AiModel, AiModel as AiModelSchema, Visibility, menuModels } from "../../../../schemas/app";
import type { ChatMessage } from "../../../../schemas/chat";
import type { PlatformRole } from "../../../../schemas/user";
import { useUpdateApp } from "../../api/apps";
import { toast } from "../ui/toaster";
import { AiControlsDialog } from "./AiControlsDialog";
import type { FileMap } from "./appFiles";
import { links } from "./links";

/** The three visibilities as the builder names them (spec 02 §4 App visibility); the workspace offers the same. */
export const visibilities: { value: Visibility; label: string; icon: typeof Lock }[] = [
  { value: "private_with_login", label: "Private", icon: Lock },
  { value: "public_with_login", label: "Public with login", icon: UsersRound },
  { value: "public_without_login", label: "Public without login", icon: Globe },
];

export const modelLabels: Record<AiModel, string> = {
  default: "Default",
  claude_3_7: "Claude 3.7 Sonnet",
  claude_sonnet_4: "Claude Sonnet 4",
  gemini_2_5_pro: "Gemini 2.5 Pro",
};

interface Props {
  app: App;
  messages: ChatMessage[];
  files: FileMap;
  platformRole: PlatformRole;
}

/** The chat's settings gear (spec 01 §2 Gear menu); visibility and model are saved at once. */
export function GearMenu({ app, messages, files, platformRole }: Props) {
  const router = useRouter();
  const update = useUpdateApp(app.id);
  const [controlsOpen, setControlsOpen] = useState(false);

  const setVisibility = (value: string) => {
    const parsed = Visibility.safeParse(value);
    if (!parsed.success || parsed.data === app.public_settings) return;
    update.mutate(
      { public_settings: parsed.data },
      { onSuccess: () => toast.success("App visibility updated"), onError: () => toast.error("Failed to update app visibility") },
    );
  };
  const setModel = (value: string) => {
    const parsed = AiModelSchema.safeParse(value);
    if (!parsed.success || parsed.data === app.model) return;
    update.mutate({ model: parsed.data }, { onSuccess: () => toast.success("AI model updated"), onError: () => toast.error("Failed to update AI model") });
  };

  /** Admins: the last 8 messages as "role: content" text, for bug reports. */
  const copyConversation = async () => {
    const text = messages
      .slice(-8)
      .map((m) => `${m.role}: ${m.content}`)
      .join("\n\n");
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Copied the last 8 messages");
    } catch {
      toast.error("Your browser did not allow copying");
    }
  };

  const onSelect = (value: string) => {
    if (value === "users" || value === "security" || value === "app-settings") router.history.push(links.workspace(app.id, value));
    else if (value === "remix-badge") router.history.push(links.remixBadge(app.id));
    else if (value === "ai-controls") setControlsOpen(true);
    else if (value === "copy-link") void copyConversation();
  };

  return (
    <>
      <Menu.Root positioning={{ placement: "bottom-end" }} onSelect={(e) => onSelect(e.value)}>
        <Menu.Trigger asChild>
          <IconButton aria-label="Settings" variant="ghost" size="sm" data-testid="gear-menu">
            <Settings />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="64" data-testid="gear-menu-content">
              <Menu.RadioItemGroup value={app.public_settings} onValueChange={(e) => setVisibility(e.value)}>
                <Menu.ItemGroupLabel>App Visibility</Menu.ItemGroupLabel>
                {visibilities.map(({ value, label, icon: Icon }) => (
                  <Menu.RadioItem key={value} value={value} data-testid={`visibility-${value}`}>
                    <Icon size={14} /> {label}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
              <Menu.Separator />
              <Menu.RadioItemGroup value={app.model} onValueChange={(e) => setModel(e.value)}>
                <Menu.ItemGroupLabel>AI Model</Menu.ItemGroupLabel>
                {menuModels.map((model) => (
                  <Menu.RadioItem key={model} value={model} data-testid={`model-${model}`}>
                    <Bot size={14} /> {modelLabels[model]}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
              <Menu.Separator />
              <Menu.Item value="users" data-testid="menu-users">
                <Users size={14} /> Users
              </Menu.Item>
              <Menu.Item value="security" data-testid="menu-security">
                <ShieldCheck size={14} /> Security
              </Menu.Item>
              <Menu.Item value="ai-controls" data-testid="ai-controls">
                <SlidersHorizontal size={14} /> AI Controls
                <Badge ms="auto" size="sm" colorPalette={app.frozen_files.length ? "orange" : "gray"} data-testid="frozen-count">
                  {app.frozen_files.length}
                </Badge>
              </Menu.Item>
              <Menu.Item value="app-settings" data-testid="menu-app-settings">
                <Settings size={14} /> App Settings
              </Menu.Item>
              {app.is_remixable && (
                <Menu.Item value="remix-badge" data-testid="menu-remix-badge">
                  <Award size={14} /> Hide the remix badge
                </Menu.Item>
              )}
              {platformRole.includes("admin") && (
                <Menu.Item value="copy-link" data-testid="copy-link">
                  <Link2 size={14} /> Copy link
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <AiControlsDialog app={app} files={files} open={controlsOpen} onClose={() => setControlsOpen(false)} />
    </>
  );
}
