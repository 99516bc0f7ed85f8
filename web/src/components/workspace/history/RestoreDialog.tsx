import { Badge, Checkbox, RadioGroup, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { useState } from "react";
import type { App } from "../../../../../schemas/app";
import type { FileTree } from "../../../../../schemas/app-files";
import type { Checkpoint } from "../../../../../schemas/chat";
import { type RestoreChanges, restoreChanges } from "../../../../../schemas/restore";
import { checkpointFilesQuery, useLoadCheckpoint } from "../../../api/app-logs";
import { detailOf } from "../../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toaster";
import { entityText } from "../code/files";

/** Why a checkpoint cannot bring data back, when it cannot. */
export const noDataReason = (cp: Checkpoint) =>
  cp.data_snapshot === "none"
    ? "This checkpoint was made before data was saved with checkpoints."
    : cp.data_snapshot === "too_large"
      ? "This checkpoint's data was too large to save with it."
      : null;

/** The app's files now, path → text, as a checkpoint keeps them. */
export function currentFiles(app: App): FileTree {
  const files: FileTree = {};
  for (const [kind, group] of [["pages", app.pages], ["components", app.components], ["functions", app.functions]] as const) {
    for (const [name, code] of Object.entries(group ?? {})) files[`${kind}/${name}`] = code;
  }
  for (const [name, schema] of Object.entries(app.entities ?? {})) files[`entities/${name}`] = entityText(schema);
  if (app.layout) files["layout/main"] = app.layout;
  return files;
}

const list = (paths: string[]) => paths.join(", ");
const files = (n: number) => (n === 1 ? "1 file" : `${n} files`);

/** The confirmation's account of what the restore changes: code, security rules and data, each in one line. */
export function restoreSummary(changes: RestoreChanges, options: { restoreRules: boolean; restoreData: boolean; records: number }): string[] {
  const lines: string[] = [];
  const { added, removed, changed, rules } = changes;
  if (!added.length && !removed.length && !changed.length) lines.push("Code: the same as now; no file changes.");
  if (changed.length) lines.push(`Code: ${files(changed.length)} changed: ${list(changed)}.`);
  if (added.length) lines.push(`Code: ${files(added.length)} brought back: ${list(added)}.`);
  if (removed.length) lines.push(`Code: ${files(removed.length)} removed: ${list(removed)}.`);
  if (options.restoreRules) {
    lines.push(rules.length ? `Security rules: restored from this version for ${list(rules)}.` : "Security rules: the same at this version; they do not change.");
  } else {
    const moved = rules.length ? ` Only entities this restore removes or brings back take their rules with them: ${list(rules)}.` : "";
    lines.push(`Security rules: every entity that exists now keeps its current rules.${moved}`);
  }
  lines.push(
    options.restoreData
      ? `Data: every entity's records will be replaced with the ${options.records} records it had at this version; records added since will be deleted.`
      : "Data: the records stay as they are now.",
  );
  return lines;
}

/** Restoring replaces the app's code (and, if chosen, its records and rules): confirmed first, saying exactly what changes. */
export function RestoreDialog({ app, checkpoint, onClose, onRestored }: { app: App; checkpoint: Checkpoint | null; onClose: () => void; onRestored: () => void }) {
  const load = useLoadCheckpoint(app.id);
  const saved = useQuery({ ...checkpointFilesQuery(app.id, checkpoint?.id ?? ""), enabled: !!checkpoint });
  const [mode, setMode] = useState<"code" | "data">("code");
  const [restoreRules, setRestoreRules] = useState(false);
  const reason = checkpoint ? noDataReason(checkpoint) : null;
  const restoreData = mode === "data" && !reason;
  const current = currentFiles(app);
  const changes = saved.data ? restoreChanges(current, saved.data.files, restoreRules) : null;
  // the rules choice matters only when an entity that exists now had other rules at this version
  const rulesDiffer = saved.data ? restoreChanges(current, saved.data.files, true).rules.length > restoreChanges(current, saved.data.files, false).rules.length : false;

  const confirm = () => {
    if (!checkpoint) return;
    load.mutate(
      { checkpointId: checkpoint.id, restoreData, restoreRules },
      {
        onSuccess: (answer) => {
          toast.success(answer.data ? `Restored the code and ${answer.data.records} records` : "Restored the code");
          onClose();
          onRestored();
        },
        onError: (err) => toast.error(`Failed to restore checkpoint: ${detailOf(err)}`),
      },
    );
  };

  return (
    <ConfirmDialog
      confirmation={
        checkpoint && {
          title: "Restore this version?",
          text: `This replaces the app's current code with the version from ${format(new Date(checkpoint.created_date), "MMM d, yyyy HH:mm")}. This action cannot be undone.`,
          action: "Restore",
        }
      }
      pending={load.isPending}
      disabled={!changes}
      size="lg"
      testIds={{ dialog: "restore-dialog", action: "restore-confirm" }}
      onConfirm={confirm}
      onClose={onClose}
    >
      <RadioGroup.Root value={mode} onValueChange={(e) => setMode(e.value as "code" | "data")}>
        <Stack gap="3">
          <RadioGroup.Item value="code" data-testid="restore-code-only">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Code only</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="data" disabled={!!reason} data-testid="restore-code-and-data">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>
              Code and data
              {checkpoint?.data_snapshot === "saved" && (
                <Badge ms="2" size="sm">
                  {checkpoint.record_count} records
                </Badge>
              )}
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
      <Checkbox.Root size="sm" checked={restoreRules} disabled={!rulesDiffer} onCheckedChange={(e) => setRestoreRules(e.checked === true)} data-testid="restore-rules">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Also restore the security rules of this version</Checkbox.Label>
      </Checkbox.Root>
      {reason && (
        <Text fontSize="sm" color="fg.muted">
          {reason}
        </Text>
      )}
      {saved.isPending && <Spinner size="sm" />}
      {saved.isError && <Text color="fg.error">Could not read this version's files: {detailOf(saved.error)}</Text>}
      {changes && (
        <Stack gap="1" as="ul" listStyleType="disc" ps="5" fontSize="sm" data-testid="restore-summary">
          {restoreSummary(changes, { restoreRules, restoreData, records: checkpoint?.record_count ?? 0 }).map((line) => (
            <Text as="li" key={line} color={line.startsWith("Data: every") ? "fg.error" : undefined} wordBreak="break-word">
              {line}
            </Text>
          ))}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
