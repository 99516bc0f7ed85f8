import { Alert, Badge, Box, Button, Card, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useMemo, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { FINDING_GROUPS, type Finding, type FindingGroup, type ScanStatus, type Severity } from "../../../../../schemas/security";
import { detailOf } from "../../../api/client";
import { appSignature, securityScanQuery, useFixAll, useIgnoreFinding, useStartScan } from "../../../api/security";
import { toast } from "../../ui/toaster";

const GROUP_TITLES: Record<FindingGroup, string> = {
  rls_recommendations: "Access rules",
  hardcoded_secrets: "Keys and tokens in the code",
  backend_functions: "Backend functions",
  dependency_vulnerabilities: "Packages with known vulnerabilities",
  header_recommendations: "Security headers",
};

const STATUS_TEXT: Record<ScanStatus, string> = {
  pending: "Not scanned yet",
  scanning: "Scanning…",
  up_to_date: "Up to date",
  out_of_date: "Out of date: the app changed since the last scan",
};

const SEVERITY_COLOR: Record<Severity, string> = { critical: "red", high: "orange", medium: "yellow", low: "gray" };

/**
 * The security scan (issue 24 §3) at the top of the Security view: run it, see whether it still matches
 * the app, its findings by group (severity, where, the problem, the fix), Fix All, and Ignore / Restore.
 */
export function ScanPanel({ app }: { app: App }) {
  const signature = useMemo(() => appSignature(app), [app]);
  const scan = useQuery(securityScanQuery(app.id, signature));
  const start = useStartScan(app.id);
  const fixAll = useFixAll(app.id);
  const ignore = useIgnoreFinding(app.id);
  const [prompt, setPrompt] = useState<string | null>(null);
  const data = scan.data;
  const status: ScanStatus = start.isPending ? "scanning" : (data?.status ?? "pending");
  const total = data?.result ? FINDING_GROUPS.reduce((n, g) => n + data.result![g].findings.length, 0) : 0;
  const rules = data?.result?.rls_recommendations.findings.length ?? 0;

  const onError = (err: unknown) => toast.error(detailOf(err));
  const runFixAll = () =>
    fixAll.mutate(undefined, {
      onSuccess: (result) => {
        setPrompt(result.prompt);
        toast.success(result.applied.length ? `Access rules applied to ${result.applied.map((a) => a.entity).join(", ")}` : "No access rules to apply");
      },
      onError,
    });

  return (
    <Card.Root data-testid="security-scan" data-status={status}>
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack>
            <ShieldCheck size={18} />
            <Heading size="md">Security scan</Heading>
            <Badge colorPalette={status === "up_to_date" ? "green" : status === "out_of_date" ? "orange" : "gray"} data-testid="security-scan-status">
              {STATUS_TEXT[status]}
            </Badge>
          </HStack>
          <HStack>
            <Button size="sm" variant="outline" loading={fixAll.isPending} disabled={!rules && !total} onClick={runFixAll} data-testid="security-fix-all">
              Fix All
            </Button>
            <Button size="sm" loading={status === "scanning"} loadingText="Scanning…" onClick={() => start.mutate(undefined, { onError })} data-testid="security-run-scan">
              Run scan
            </Button>
          </HStack>
        </HStack>
        {data?.scanned_at && (
          <Text textStyle="xs" color="fg.muted">
            Last scanned {new Date(data.scanned_at).toLocaleString()} · {total} finding{total === 1 ? "" : "s"}
            {data.ignored.length ? ` · ${data.ignored.length} ignored` : ""}
          </Text>
        )}
        {prompt && (
          <Alert.Root status="info" data-testid="security-fix-prompt">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The assistant is fixing the rest in the chat (free)</Alert.Title>
              <Alert.Description whiteSpace="pre-wrap">{prompt}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {data?.result &&
          FINDING_GROUPS.map((group) => {
            const result = data.result![group];
            return (
              <Stack key={group} gap="2" data-testid={`security-group-${group}`}>
                <HStack justify="space-between">
                  <Text fontWeight="semibold">{GROUP_TITLES[group]}</Text>
                  {!result.checked && <Badge colorPalette="orange">Not checked</Badge>}
                </HStack>
                {result.findings.length === 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    {result.checked ? "Nothing found." : ""} {result.reason}
                  </Text>
                ) : (
                  result.findings.map((finding) => <FindingRow key={finding.id} finding={finding} action="Ignore" busy={ignore.isPending} onAction={() => ignore.mutate({ finding: finding.id, ignore: true }, { onError })} />)
                )}
              </Stack>
            );
          })}
        {data && data.ignored.length > 0 && (
          <Stack gap="2" data-testid="security-ignored">
            <Text fontWeight="semibold">Ignored</Text>
            {data.ignored.map((finding) => (
              <FindingRow key={finding.id} finding={finding} action="Restore" busy={ignore.isPending} onAction={() => ignore.mutate({ finding: finding.id, ignore: false }, { onError })} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function FindingRow({ finding, action, busy, onAction }: { finding: Finding; action: string; busy: boolean; onAction(): void }) {
  const where = [finding.file ?? finding.entity, finding.line ? `line ${finding.line}` : null].filter(Boolean).join(", ");
  return (
    <HStack align="start" borderWidth="1px" rounded="md" p="3" gap="3" data-testid="security-finding" data-finding-id={finding.id} data-severity={finding.severity}>
      <Badge colorPalette={SEVERITY_COLOR[finding.severity]} flexShrink={0}>
        {finding.severity}
      </Badge>
      <Box flex="1" minW="0">
        {where && (
          <Text textStyle="xs" fontFamily="mono" color="fg.muted">
            {where}
          </Text>
        )}
        <Text textStyle="sm">{finding.problem}</Text>
        <Text textStyle="sm" color="fg.muted">
          Fix: {finding.fix}
        </Text>
      </Box>
      <Button size="xs" variant="ghost" disabled={busy} onClick={onAction} aria-label={`${action} ${finding.id}`}>
        {action}
      </Button>
    </HStack>
  );
}
