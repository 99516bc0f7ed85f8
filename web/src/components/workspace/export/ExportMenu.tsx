import { Button, Menu, Portal, chakra } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { Code, FileArchive, GitBranch } from "lucide-react";
import { useState } from "react";
import { appQuery } from "../../../api/apps";
import { GitHubDialog } from "./GitHubDialog";
import { ZipDialog } from "./ZipDialog";

/**
 * The toolbar's code/GitHub menu (spec 02 §2): GitHub integration and Export to ZIP. Under 480 px it
 * gives way, so the phone's toolbar keeps Share, Version History and Publish on screen (an export is a desk task).
 */
export function ExportMenu() {
  const { appId } = useParams({ strict: false }) as { appId?: string };
  const app = useQuery({ ...appQuery(appId ?? ""), enabled: !!appId });
  const [open, setOpen] = useState<"github" | "zip" | null>(null);
  if (!appId) return null;
  return (
    <>
      <Menu.Root positioning={{ placement: "bottom-end" }} onSelect={(e) => setOpen(e.value === "github" ? "github" : "zip")}>
        <Menu.Trigger asChild>
          <Button size="xs" variant="ghost" aria-label="Code" title="Code" display={{ base: "none", sm: "inline-flex" }} data-testid="export-menu">
            <Code />
            <chakra.span display={{ base: "none", md: "inline" }}>Code</chakra.span>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48" data-testid="export-menu-content">
              <Menu.Item value="github" data-testid="menu-github">
                <GitBranch size={14} /> GitHub integration
              </Menu.Item>
              <Menu.Item value="zip" data-testid="menu-zip">
                <FileArchive size={14} /> Export to ZIP
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <GitHubDialog appId={appId} open={open === "github"} onClose={() => setOpen(null)} />
      <ZipDialog appId={appId} appName={app.data?.name ?? "the app"} open={open === "zip"} onClose={() => setOpen(null)} />
    </>
  );
}
