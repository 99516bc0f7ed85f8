import { Link, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { memo, useEffect } from "react";
import type { App } from "../../../../../schemas/app";
import { appQuery } from "../../../api/apps";
import { detailOf } from "../../../api/client";
import { Workspace } from "../../../api/workspace";
import { appOrigin } from "../../../lib/app-origin";
import { KilnDialog } from "../../ui/Dialog";

/** Publish (spec 02 §4): idle, publishing, then the public link opens. A failure shows its message or "Failed to deploy app". */
export const PublishDialog = memo(PublishDialogView);

function PublishDialogView({ app, open, onClose }: { app: App; open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const deploy = useMutation({
    mutationFn: () => Workspace.deploy(app.id),
    onSuccess: (result) => {
      client.setQueryData(appQuery(app.id).queryKey, (current: App | undefined) => (current ? { ...current, last_deployed_at: result.last_deployed_at } : current));
      window.open(result.url, "_blank", "noopener");
    },
  });
  const { reset } = deploy;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const url = deploy.data?.url ?? appOrigin(app.slug);
  const failure = deploy.error ? detailOf(deploy.error) || "Failed to deploy app" : null;

  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title="Publish"
      testId="publish-dialog"
      data={{ "data-state-publish": deploy.isPending ? "publishing" : deploy.isSuccess ? "published" : "idle" }}
      cancel={{ label: "Close" }}
      action={{
        label: deploy.isSuccess ? "Publish Again" : "Publish",
        onClick: () => deploy.mutate(),
        loading: deploy.isPending,
        loadingText: "Publishing…",
        testId: "publish-confirm",
      }}
    >
      <Stack gap="3" fontSize="sm">
        <Text>
          Publishing puts the current version of {app.name} live at{" "}
          <Link href={url} target="_blank" rel="noreferrer" color="brand.fg" data-testid="publish-url">
            {url}
          </Link>
          .
        </Text>
        <Text color="fg.muted">
          {app.last_deployed_at ? `Last published ${formatDistanceToNow(new Date(app.last_deployed_at), { addSuffix: true })}.` : "This app has not been published yet."}
        </Text>
        {deploy.isSuccess && <Text color="fg.success" data-testid="publish-done">Published. The app opened in a new tab.</Text>}
        {failure && (
          <Text color="fg.error" data-testid="publish-error">
            {failure}
          </Text>
        )}
      </Stack>
    </KilnDialog>
  );
}
