import { Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ZIP_STATUS_SWITCH_MS } from "../../../../../schemas/export";
import { meQuery } from "../../../api/auth";
import { KilnDialog } from "../../ui/Dialog";
import { useFeatures } from "../useFeatures";
import { ExportApi } from "./api";
import { ExportGate } from "./ExportGate";

type ZipStatus = "idle" | "preparing" | "started";

/** Export to ZIP (spec 02 §2, §5, §9): the download uses the owner's API key; its status switches after 1 second. */
export function ZipDialog({ appId, appName, open, onClose }: { appId: string; appName: string; open: boolean; onClose(): void }) {
  const me = useQuery(meQuery);
  const { features } = useFeatures();
  const [status, setStatus] = useState<ZipStatus>("idle");

  useEffect(() => {
    if (!open) setStatus("idle");
  }, [open]);
  useEffect(() => {
    if (status !== "preparing") return;
    const timer = setTimeout(() => setStatus("started"), ZIP_STATUS_SWITCH_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const download = () => {
    if (!me.data) return;
    const link = document.createElement("a");
    link.href = ExportApi.zipUrl(appId, me.data.api_key);
    link.download = "";
    document.body.append(link);
    link.click();
    link.remove();
    setStatus("preparing");
  };

  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title="Export to ZIP"
      testId="zip-dialog"
      data={{ "data-status": status }}
      cancel={{ label: "Close" }}
      action={features.code_export ? { label: "Download ZIP", onClick: download, disabled: !me.data || status === "preparing", testId: "zip-download" } : undefined}
    >
      <Stack gap="3" fontSize="sm">
        {!features.code_export && <ExportGate />}
        <Text>
          The ZIP holds {appName} as a standalone Vite + React project: its pages, components, layout, entities and backend functions, the UI kit
          and a Tailwind build, talking to this Kiln through @base44/sdk. Run <code>npm install</code> and <code>npm run build</code> in it.
        </Text>
        {status === "preparing" && (
          <Text color="fg.muted" data-testid="zip-status">
            Preparing your download…
          </Text>
        )}
        {status === "started" && (
          <Text color="fg.success" data-testid="zip-status">
            Your download has started.
          </Text>
        )}
      </Stack>
    </KilnDialog>
  );
}
