import { Alert, Button, Link, Spinner, Stack, Tabs, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { GITHUB_NOT_CONFIGURED, updateOutcome } from "../../../../../schemas/export";
import { ApiError, detailOf } from "../../../api/client";
import { KilnDialog } from "../../ui/Dialog";
import { ExportApi, githubStatusKey } from "./api";
import { ExportGate } from "./ExportGate";
import { GitHubUserField } from "./GitHubUserField";

/**
 * The GitHub integration dialog (spec 02 §4): not exported, then exported; after the export a
 * next step invites yourself, then the Update and Invite tabs. Without GitHub credentials on
 * this Kiln it says how to configure them; below Builder it shows the plan gate.
 */
export function GitHubDialog({ appId, open, onClose }: { appId: string; open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const status = useQuery({ queryKey: githubStatusKey(appId), queryFn: () => ExportApi.status(appId), enabled: open });
  const [step, setStep] = useState<"invite-self" | "tabs">("tabs");
  const exportRepo = useMutation({
    mutationFn: () => ExportApi.toGitHub(appId),
    onSuccess: (answer) => {
      client.setQueryData(githubStatusKey(appId), (s: typeof status.data) => (s ? { ...s, repository_url: answer.repository_url } : s));
      setStep("invite-self");
    },
  });
  const { reset } = exportRepo;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const data = status.data;
  // an exported app keeps its tabs when the credentials go away: their calls then say how to configure them
  const state = !data ? "loading" : !data.allowed ? "gated" : data.repository_url ? "exported" : !data.configured ? "not-configured" : "not-exported";
  const exportFailure = exportRepo.error ? `Failed to export to GitHub: ${notConfigured(exportRepo.error) ? GITHUB_NOT_CONFIGURED : detailOf(exportRepo.error)}` : null;

  return (
    <KilnDialog open={open} onClose={onClose} title="GitHub integration" testId="github-dialog" data={{ "data-state": state }} size="lg">
      <Stack gap="4" fontSize="sm">
        {state === "loading" && <Spinner size="sm" />}
        {state === "gated" && <ExportGate />}
        {data?.allowed && !data.configured && (
          <Alert.Root status="warning" data-testid="github-not-configured">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>GitHub is not configured</Alert.Title>
              <Alert.Description>{GITHUB_NOT_CONFIGURED}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {state === "not-exported" && (
          <>
            <Text>Export this app's code to a new private GitHub repository: a standalone Vite + React project that talks to this Kiln, with the base44/ project layout.</Text>
            <Button alignSelf="flex-start" colorPalette="brand" loading={exportRepo.isPending} loadingText="Exporting…" onClick={() => exportRepo.mutate()} data-testid="github-export">
              Export to GitHub
            </Button>
            {exportFailure && <Text color="fg.error" data-testid="github-export-error">{exportFailure}</Text>}
          </>
        )}
        {state === "exported" && data?.repository_url && (
          <>
            <Text>
              Repository:{" "}
              <Link href={data.repository_url} target="_blank" rel="noreferrer" color="brand.fg" data-testid="github-repo-url">
                {data.repository_url}
              </Link>
            </Text>
            {step === "invite-self" ? (
              <Stack gap="3" data-testid="github-invite-self">
                <Text fontWeight="medium">Next step: invite yourself to the repository</Text>
                <GitHubUserField appId={appId} label="Your GitHub username" onInvited={() => setStep("tabs")} />
                <Button alignSelf="flex-start" variant="ghost" size="xs" onClick={() => setStep("tabs")} data-testid="github-skip-invite">
                  Skip
                </Button>
              </Stack>
            ) : (
              <ExportedTabs appId={appId} />
            )}
          </>
        )}
      </Stack>
    </KilnDialog>
  );
}

function ExportedTabs({ appId }: { appId: string }) {
  const update = useMutation({ mutationFn: () => ExportApi.updateGitHub(appId) });
  const outcome = update.data
    ? updateOutcome({ ok: true, text: update.data.message })
    : update.error
      ? updateOutcome({ ok: false, text: detailOf(update.error) })
      : null;
  return (
    <Tabs.Root defaultValue="update" size="sm" variant="line">
      <Tabs.List>
        <Tabs.Trigger value="update" data-testid="github-tab-update">Update</Tabs.Trigger>
        <Tabs.Trigger value="invite" data-testid="github-tab-invite">Invite</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="update">
        <Stack gap="3">
          <Text>Commit the app's current code to the repository.</Text>
          <Button alignSelf="flex-start" colorPalette="brand" loading={update.isPending} loadingText="Updating…" onClick={() => update.mutate()} data-testid="github-update">
            Update repository
          </Button>
          {outcome && (
            <Text color={outcome.ok ? "fg.success" : "fg.error"} data-testid="github-update-result">
              {outcome.message}
            </Text>
          )}
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="invite">
        <GitHubUserField appId={appId} label="Invite a collaborator" />
      </Tabs.Content>
    </Tabs.Root>
  );
}

const notConfigured = (err: unknown) =>
  err instanceof ApiError && typeof err.body === "object" && err.body !== null && (err.body as { extra_data?: { reason?: unknown } }).extra_data?.reason === "github_not_configured";
