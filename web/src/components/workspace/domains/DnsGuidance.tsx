import { Card, Code, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { format } from "date-fns";
import { type CustomDomain, DOMAIN_CLAIM_DAYS, type DnsGuidance as Guidance, type DomainVerification, txtRecordName } from "../../../../../schemas/domains";

/**
 * Spec 02 §2 DNS guidance with this deployment's own targets: a CNAME for `www` (and any
 * sub-domain), ANAME/ALIAS for the root, A records as the fallback, and no AAAA records; and the
 * TXT record with the app's value that proves a domain is the owner's (issue 21 item 8).
 */
export function DnsGuidance({ guidance, verification }: { guidance: Guidance; verification: DomainVerification }) {
  const rows: [string, string, string, string][] = [
    ["CNAME", "www", guidance.cname_target, "for www (or any sub-domain)"],
    ["ANAME / ALIAS", "@", guidance.cname_target, "for the root domain, where your DNS host offers it"],
    ...guidance.a_records.map((ip): [string, string, string, string] => ["A", "@", ip, "for the root domain otherwise"]),
    ["TXT", `${verification.txt_label}.<your domain>`, verification.txt_value, "proves the domain is yours; keep it in place"],
  ];
  return (
    <Card.Root variant="outline" size="sm" data-testid="domains-dns-guidance">
      <Card.Header>
        <Card.Title textStyle="sm">DNS records to add at your domain's DNS host</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Type</Table.ColumnHeader>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Value</Table.ColumnHeader>
                <Table.ColumnHeader>Use</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map(([type, name, value, use]) => (
                <Table.Row key={`${type}-${value}`} data-testid={`dns-record-${type.split(" ")[0]}`}>
                  <Table.Cell fontWeight="medium">{type}</Table.Cell>
                  <Table.Cell>
                    <Code>{name}</Code>
                  </Table.Cell>
                  <Table.Cell>
                    <Code>{value}</Code>
                  </Table.Cell>
                  <Table.Cell color="fg.muted">{use}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {guidance.a_records.length === 0 && (
            <Text textStyle="xs" color="fg.muted">
              This Kiln has no fixed addresses for A records: use ANAME/ALIAS for the root, or forward the root to www.
            </Text>
          )}
          <Text textStyle="xs" color="fg.muted" data-testid="dns-remove-aaaa">
            Remove any AAAA records for the domain: visitors on IPv6 would be sent elsewhere. DNS changes can take up to 48 hours to spread.
          </Text>
          <Text textStyle="xs" color="fg.muted" data-testid="dns-txt-note">
            A domain serves your app only once it points here and its TXT record holds this app's value. A domain not verified within {DOMAIN_CLAIM_DAYS} days
            of being added is released.
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** One domain's TXT record to add, and while it was never verified, the day its claim is released. */
export function DomainTxtRecord({ domain, verification }: { domain: CustomDomain; verification: DomainVerification }) {
  return (
    <Stack gap="1" textStyle="sm" data-testid="domain-txt">
      <HStack gap="2" wrap="wrap">
        <Text color="fg.muted">TXT</Text>
        <Code data-testid="domain-txt-name">{txtRecordName(domain.domain)}</Code>
        <Code data-testid="domain-txt-value">{verification.txt_value}</Code>
      </HStack>
      {domain.release_at && (
        <Text textStyle="xs" color="fg.muted" data-testid="domain-release">
          Add the TXT record and verify by {format(new Date(domain.release_at), "PPp")}: a domain not verified within {DOMAIN_CLAIM_DAYS} days is released.
        </Text>
      )}
    </Stack>
  );
}
