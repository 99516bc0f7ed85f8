import { Badge, Button, Card, Field, HStack, Heading, Input, Spinner, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { Globe, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { type CustomDomain, type DomainDisplayStatus, DomainMessages, displayStatus } from "../../../../../schemas/domains";
import { Domains, appDomainsQuery } from "../../../api/domains";
import { type Confirmation, ConfirmDialog } from "../../ui/ConfirmDialog";
import { PlanBanner } from "../../ui/PlanBanner";
import { useFeatures } from "../useFeatures";
import { BuyDomainButton } from "./BuyDomainButton";
import { DnsGuidance, DomainTxtRecord } from "./DnsGuidance";
import { domainFailed } from "./notify";

const PALETTE: Record<DomainDisplayStatus, string> = {
  Unlinked: "gray",
  "Domain Active": "green",
  Verified: "green",
  "Waiting for DNS Propagation": "yellow",
  Pending: "yellow",
  Error: "red",
};

/**
 * Custom Domains (spec 02 §2–§8): add a domain (lower-cased, trimmed), its status per §4 with what DNS
 * answered, Verify, Unlink/Link and Delete, Buy Domain, and the DNS records for this deployment, with
 * each domain's TXT record that proves it is the owner's.
 * Free and Starter owners see the plan gate with Upgrade (→ /billing).
 */
export function DomainsView({ app }: { app: App }) {
  const { features } = useFeatures();
  return (
    <Stack p="6" gap="5" data-testid="domains-view">
      <Stack gap="1">
        <Heading size="lg">Custom Domains</Heading>
        <Text color="fg.muted" textStyle="sm">
          Serve your published app on a domain of your own.
        </Text>
      </Stack>
      {features.custom_domains ? <DomainManager app={app} /> : <PlanGate />}
    </Stack>
  );
}

/** One of a domain's buttons: the call, the list read again, or the spec's title with the server's detail. */
function useDomainAction(run: (id: string) => Promise<unknown>, title: string, refresh: () => unknown) {
  return useMutation({ mutationFn: (d: CustomDomain) => run(d.id), onSuccess: refresh, onError: (err) => domainFailed(title, err) });
}

const PlanGate = () => <PlanBanner message={DomainMessages.NEEDS_PLAN} testId="domains-gate" upgradeTestId="domains-upgrade" />;

function DomainManager({ app }: { app: App }) {
  const client = useQueryClient();
  const query = appDomainsQuery(app.id);
  const list = useQuery(query);
  const [input, setInput] = useState("");
  const [deleting, setDeleting] = useState<CustomDomain | null>(null);

  useEffect(() => {
    if (list.isError) domainFailed(DomainMessages.FETCH_FAILED, list.error);
  }, [list.isError, list.error]);

  const refresh = () => client.invalidateQueries({ queryKey: query.queryKey });
  const create = useMutation({
    mutationFn: (domain: string) => Domains.create(app.id, domain),
    onSuccess: () => (setInput(""), refresh()),
    onError: (err) => domainFailed(DomainMessages.CREATE_FAILED, err),
  });
  const verify = useDomainAction(Domains.verify, DomainMessages.VERIFY_FAILED, refresh);
  const status = useDomainAction(Domains.status, DomainMessages.STATUS_FAILED, refresh);
  const unlink = useDomainAction(Domains.unlink, DomainMessages.UNLINK_FAILED, refresh);
  const link = useDomainAction(Domains.link, DomainMessages.LINK_FAILED, refresh);
  const remove = useMutation({
    mutationFn: (d: CustomDomain) => Domains.remove(d.id),
    onSuccess: () => (setDeleting(null), refresh()),
    onError: (err) => domainFailed(DomainMessages.DELETE_FAILED, err),
  });
  const busy = (m: { isPending: boolean; variables?: CustomDomain }, d: CustomDomain) => m.isPending && m.variables?.id === d.id;

  const domain = input.trim().toLowerCase();
  const confirmation: Confirmation | null = deleting
    ? { title: "Delete domain", text: `${deleting.domain} will no longer serve this app, and the domain is removed from the list.`, action: "Delete" }
    : null;

  return (
    <Stack gap="5">
      <HStack
        as="form"
        align="end"
        gap="2"
        onSubmit={(e) => {
          e.preventDefault();
          if (domain) create.mutate(domain);
        }}
      >
        <Field.Root flex="1">
          <Field.Label>Domain</Field.Label>
          <Input placeholder="www.example.com" value={input} onChange={(e) => setInput(e.currentTarget.value.toLowerCase())} data-testid="domains-input" />
          <Field.HelperText>Format: www.yourdomain.com or yourdomain.com, without https:// or a path.</Field.HelperText>
        </Field.Root>
        <Button type="submit" size="sm" mb="6" disabled={!domain} loading={create.isPending} data-testid="domains-add">
          <Plus /> Add
        </Button>
        <Stack mb="6">
          <BuyDomainButton appId={app.id} appName={app.name} onBought={(bought) => create.mutate(bought.toLowerCase())} />
        </Stack>
      </HStack>

      {list.isPending ? (
        <Spinner />
      ) : (list.data?.domains.length ?? 0) === 0 ? (
        <Text color="fg.muted" data-testid="domains-empty">
          No custom domains yet.
        </Text>
      ) : (
        <Stack gap="3" data-testid="domains-list">
          {list.data!.domains.map((d) => {
            const shown = displayStatus(d);
            return (
              <Card.Root key={d.id} size="sm" variant="outline" data-testid={`domain-${d.domain}`}>
                <Card.Body>
                  <Stack gap="2">
                    <HStack justify="space-between" wrap="wrap" gap="2">
                      <HStack gap="2">
                        <Globe size={16} />
                        <Text fontWeight="medium">{d.domain}</Text>
                        <Badge colorPalette={PALETTE[shown]} data-testid="domain-status">
                          {shown}
                        </Badge>
                      </HStack>
                      <HStack gap="1">
                        <Button size="xs" variant="outline" loading={busy(verify, d)} onClick={() => verify.mutate(d)} data-testid="domain-verify">
                          Verify
                        </Button>
                        <Button size="xs" variant="ghost" loading={busy(status, d)} onClick={() => status.mutate(d)} data-testid="domain-check-status">
                          Check status
                        </Button>
                        {d.purchase_info.unlinked ? (
                          <Button size="xs" variant="ghost" loading={busy(link, d)} onClick={() => link.mutate(d)} data-testid="domain-link">
                            Link
                          </Button>
                        ) : (
                          <Button size="xs" variant="ghost" loading={busy(unlink, d)} onClick={() => unlink.mutate(d)} data-testid="domain-unlink">
                            Unlink
                          </Button>
                        )}
                        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(d)} data-testid="domain-delete">
                          Delete
                        </Button>
                      </HStack>
                    </HStack>
                    {d.last_status_payload && (
                      <Text textStyle="sm" color="fg.muted" data-testid="domain-status-message">
                        {d.last_status_payload.message}
                      </Text>
                    )}
                    <DomainTxtRecord domain={d} verification={list.data!.verification} />
                    {d.last_status_check && (
                      <Text textStyle="xs" color="fg.subtle">
                        Checked {formatDistanceToNow(new Date(d.last_status_check), { addSuffix: true })}
                      </Text>
                    )}
                  </Stack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}

      {list.data && <DnsGuidance guidance={list.data.guidance} verification={list.data.verification} />}

      <ConfirmDialog confirmation={confirmation} pending={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting)} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
