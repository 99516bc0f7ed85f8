import { Checkbox, Link, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { memo, useEffect, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { appQuery } from "../../../api/apps";
import { detailOf } from "../../../api/client";
import { blockingFindings } from "../../../api/security";
import { Workspace } from "../../../api/workspace";
import { appOrigin } from "../../../lib/app-origin";
import { KilnDialog } from "../../ui/Dialog";

/**
 * Publish (spec 02 §4): idle, publishing, then the public link opens. A failure shows its message or "Failed to deploy app".
 * A publish refused for critical security findings (issue 24 §3) lists them, each with a checkbox that acknowledges it by name.
 */
export const PublishDialog = memo(PublishDialogView);

function PublishDialogView({ app, open, onClose }: { app: App; open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const [acknowledged, setAcknowledged] = useState<string[]>([]);
  const deploy = useMutation({
    mutationFn: (acknowledge: string[]) => Workspace.deploy(app.id, acknowledge),
    onSuccess: (result) => {
      client.setQueryData(appQuery(app.id).queryKey, (current: App | undefined) => (current ? { ...current, last_deployed_at: result.last_deployed_at } : current));
      window.open(result.url, "_blank", "noopener");
    },
  });
  const { reset } = deploy;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  // a refused publish's findings stay listed (with their checkboxes) while the next attempt runs
  const [blocking, setBlocking] = useState<ReturnType<typeof blockingFindings>>([]);
  useEffect(() => {
    if (deploy.isError) setBlocking(blockingFindings(deploy.error));
    else if (!deploy.isPending) setBlocking([]);
  }, [deploy.isError, deploy.isPending, deploy.error]);
  const toggle = (id: string, on: boolean) => setAcknowledged((ids) => (on ? [...new Set([...ids, id])] : ids.filter((i) => i !== id)));

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
        onClick: () => deploy.mutate(acknowledged.filter((id) => blocking.some((f) => f.id === id))),
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
        {blocking.length > 0 && (
          <Stack gap="2" data-testid="publish-blocking">
            <Text fontWeight="medium">Publish anyway, knowing that:</Text>
            {blocking.map((finding) => (
              <Checkbox.Root
                key={finding.id}
                checked={acknowledged.includes(finding.id)}
                onCheckedChange={(e) => toggle(finding.id, !!e.checked)}
                alignItems="start"
                data-testid="publish-acknowledge"
                data-finding-id={finding.id}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="normal">
                  <Text as="span" fontFamily="mono" textStyle="xs">
                    {finding.id}
                  </Text>{" "}
                  {finding.problem}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Stack>
    </KilnDialog>
  );
}
