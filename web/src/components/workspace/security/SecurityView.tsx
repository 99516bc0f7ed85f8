import { Alert, Badge, Box, Button, Card, CloseButton, HStack, Heading, IconButton, Input, NativeSelect, SimpleGrid, Stack, Tabs, Text } from "@chakra-ui/react";
import { ArrowLeft, Lock, Plus, Trash2, Unlock } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { detailOf } from "../../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast, toaster } from "../../ui/toaster";
import { entityText, useSaveFile } from "../code/files";
import { ScanPanel } from "./ScanPanel";
import {
  type Access,
  ROLE_VALUES,
  type Rule,
  type RuleType,
  accessFromRls,
  entityFieldChoices,
  entityWithAccess,
  initialRestricted,
  isComplete,
  selfGrantableFields,
  userFieldChoices,
} from "./rules";

const bannerKey = (appId: string) => `kiln:security-warning-dismissed:${appId}`;

/**
 * Row-level access rules per entity (spec 02 §2 "Security", §4 "Entity access mode"):
 * entity cards, each opening a rules editor with Read and Write/Delete tabs. Saving writes
 * `entities/{Name}` with its `rls` through Coding.write; rules.ts makes the JSON.
 */
export function SecurityView({ app }: { app: App }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(bannerKey(app.id)) === "1");
  const names = Object.keys(app.entities).sort();
  const unprotected = names.some((name) => app.entities[name].rls === undefined || app.entities[name].rls === null);
  const showWarning = app.public_settings === "public_without_login" && unprotected && !dismissed;
  const grantable = selfGrantableFields(app.entities);

  const dismiss = () => {
    localStorage.setItem(bannerKey(app.id), "1");
    setDismissed(true);
  };

  if (selected && app.entities[selected]) return <RulesEditor app={app} name={selected} onBack={() => setSelected(null)} />;

  return (
    <Stack p="6" gap="5" data-testid="security-view">
      <Stack gap="1">
        <Heading size="lg">Security</Heading>
        <Text color="fg.muted" textStyle="sm">
          Decide who can read and change the records of each entity. Entities without rules are open to every user of the app.
        </Text>
      </Stack>
      {showWarning && (
        <Alert.Root status="warning" data-testid="security-warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your app is public and some data has no access rules</Alert.Title>
            <Alert.Description>Anyone, without signing in, can read and change the records of entities without rules.</Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label="Dismiss" onClick={dismiss} />
        </Alert.Root>
      )}
      <ScanPanel app={app} />
      <SelfGrantWarning fields={grantable} />
      {names.length === 0 ? (
        <Text color="fg.muted">This app has no data entities yet.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {names.map((name) => {
            const restricted = accessFromRls(app.entities[name].rls).mode === "restricted";
            return (
              <Card.Root key={name} size="sm" cursor="pointer" _hover={{ borderColor: "border.emphasized" }} onClick={() => setSelected(name)} data-testid={`security-entity-${name}`}>
                <Card.Body>
                  <HStack justify="space-between">
                    <HStack>
                      {restricted ? <Lock size={16} /> : <Unlock size={16} />}
                      <Text fontWeight="medium">{name}</Text>
                    </HStack>
                    <Badge colorPalette={restricted ? "green" : "orange"}>{restricted ? "Restricted" : "Public"}</Badge>
                  </HStack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

const RULE_LABELS: Record<RuleType, string> = {
  none: "No restriction",
  creatorOnly: "Creator only",
  fieldComparison: "Entity field matches user field",
  userProperty: "User property",
};

function emptyRule(type: RuleType): Rule {
  if (type === "fieldComparison") return { type, field: "", userField: "" };
  if (type === "userProperty") return { type, property: "role", value: "admin" };
  return { type };
}

function RulesEditor({ app, name, onBack }: { app: App; name: string; onBack(): void }) {
  const entity = app.entities[name];
  const [access, setAccess] = useState<Access>(() => accessFromRls(entity.rls));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const save = useSaveFile(app.id);
  const entityFields = useMemo(() => entityFieldChoices(entity.properties), [entity.properties]);
  const userFields = useMemo(() => userFieldChoices(app.user_entity ?? app.entities.User), [app.user_entity, app.entities.User]);

  // the saved file changing underneath (a chat turn, another tab) reloads the editor
  const savedRls = JSON.stringify(entity.rls ?? null);
  useEffect(() => setAccess(accessFromRls(JSON.parse(savedRls))), [savedRls]);

  const restricted = access.mode === "restricted" ? access : null;
  const grantable = selfGrantableFields({ ...app.entities, [name]: entityWithAccess(entity, access) }).filter((g) => g.entities.includes(name));
  const complete = !restricted || [...restricted.read, ...(restricted.write ?? [])].every(isComplete);

  const submit = (next: Access) =>
    save.mutate(
      { path: `entities/${name}`, content: entityText(entityWithAccess(entity, next)) },
      {
        onSuccess: () => toast.success("Security rules saved"),
        onError: (err) => {
          toaster.remove();
          toaster.error({ title: "Error", description: detailOf(err) });
        },
      },
    );

  const removeAll = () => {
    setConfirmRemove(false);
    setAccess({ mode: "public" });
    submit({ mode: "public" });
  };

  return (
    <Stack p="6" gap="5" data-testid="rules-editor">
      <HStack justify="space-between" wrap="wrap">
        <HStack>
          <IconButton aria-label="Back to entities" variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeft />
          </IconButton>
          <Heading size="lg">{name} access rules</Heading>
        </HStack>
        {restricted && (
          <HStack>
            <Button variant="outline" colorPalette="red" size="sm" onClick={() => setConfirmRemove(true)}>
              Remove All Rules
            </Button>
            <Button size="sm" loading={save.isPending} disabled={!complete} onClick={() => submit(access)}>
              Save Rules
            </Button>
          </HStack>
        )}
      </HStack>

      <SelfGrantWarning fields={grantable} />
      {!restricted ? (
        <Card.Root>
          <Card.Body gap="3">
            <Text>Anyone who can use the app can read, create, update and delete {name} records.</Text>
            <Box>
              <Button onClick={() => setAccess(initialRestricted())}>
                <Lock /> Create Access Rules
              </Button>
            </Box>
          </Card.Body>
        </Card.Root>
      ) : (
        <Tabs.Root defaultValue="read" variant="line">
          <Tabs.List>
            <Tabs.Trigger value="read">Read</Tabs.Trigger>
            <Tabs.Trigger value="write">Write/Delete</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="read">
            <RuleList
              rules={restricted.read}
              onChange={(read) => setAccess({ ...restricted, read })}
              entityFields={entityFields}
              userFields={userFields}
              testId="read-rules"
            />
          </Tabs.Content>
          <Tabs.Content value="write">
            {restricted.write === null ? (
              <Stack gap="3" data-testid="write-inherited">
                <Text color="fg.muted">Write and delete access follows the Read rules.</Text>
                <Box>
                  <Button variant="outline" onClick={() => setAccess({ ...restricted, write: restricted.read.map((r) => ({ ...r })) })}>
                    Create Custom Write Rules
                  </Button>
                </Box>
              </Stack>
            ) : (
              <RuleList
                rules={restricted.write}
                onChange={(write) => setAccess({ ...restricted, write })}
                entityFields={entityFields}
                userFields={userFields}
                testId="write-rules"
              />
            )}
          </Tabs.Content>
        </Tabs.Root>
      )}

      <ConfirmDialog
        confirmation={confirmRemove ? { title: "Remove all rules?", text: `${name} records become readable and writable by anyone who can use the app.`, action: "Remove All Rules" } : null}
        onConfirm={removeAll}
        onClose={() => setConfirmRemove(false)}
      />
    </Stack>
  );
}

/** Rules that read a user field users can set on themselves grant nothing: say so, and how to close it. */
function SelfGrantWarning({ fields }: { fields: { field: string; entities: string[] }[] }) {
  if (fields.length === 0) return null;
  const names = fields.map((f) => f.field).join(", ");
  return (
    <Alert.Root status="warning" data-testid="self-grant-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Users can change {fields.length === 1 ? "a field" : "fields"} these rules read: {names}</Alert.Title>
        <Alert.Description>
          Each user can set {names} on their own profile, so a rule that reads {fields.length === 1 ? "it" : "them"} ({[...new Set(fields.flatMap((f) => f.entities))].join(", ")})
          lets anyone grant themself access. Remove the field's write rule in the User entity to keep it to the app's admins.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function RuleList({
  rules,
  onChange,
  entityFields,
  userFields,
  testId,
}: {
  rules: Rule[];
  onChange(rules: Rule[]): void;
  entityFields: string[];
  userFields: string[];
  testId: string;
}) {
  const set = (i: number, rule: Rule) => onChange(rules.map((r, j) => (j === i ? rule : r)));
  return (
    <Stack gap="2" pt="3" data-testid={testId}>
      {rules.length === 0 && <Text color="fg.muted">No rules: only you, the app's builder, have access.</Text>}
      {rules.map((rule, i) => (
        // rules have no identity of their own; their place in the list is it
        <Stack key={i} gap="2">
          {i > 0 && (
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
              OR
            </Text>
          )}
          <HStack align="start" borderWidth="1px" rounded="md" p="3" data-testid="rule">
            <Box flex="1">
              <RuleRow rule={rule} onChange={(r) => set(i, r)} entityFields={entityFields} userFields={userFields} />
            </Box>
            <IconButton aria-label="Remove rule" variant="ghost" size="sm" onClick={() => onChange(rules.filter((_, j) => j !== i))}>
              <Trash2 />
            </IconButton>
          </HStack>
        </Stack>
      ))}
      <Box>
        <Button variant="ghost" size="sm" onClick={() => onChange([...rules, emptyRule("creatorOnly")])}>
          <Plus /> Add Rule
        </Button>
      </Box>
    </Stack>
  );
}

function Select({ value, options, onChange, label, placeholder }: { value: string; options: [string, string][]; onChange(v: string): void; label: string; placeholder?: string }) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={label}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function RuleRow({ rule, onChange, entityFields, userFields }: { rule: Rule; onChange(rule: Rule): void; entityFields: string[]; userFields: string[] }) {
  if (rule.type === "custom") {
    return (
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          Custom rule (edit it in the code workspace)
        </Text>
        <Box as="pre" fontFamily="mono" fontSize="xs" bg="bg.muted" p="2" rounded="sm" overflow="auto">
          {JSON.stringify(rule.json)}
        </Box>
      </Stack>
    );
  }
  const types = Object.entries(RULE_LABELS) as [RuleType, string][];
  return (
    <Stack gap="2">
      <Select label="Rule type" value={rule.type} options={types} onChange={(t) => onChange(emptyRule(t as RuleType))} />
      {rule.type === "none" && <Text fontSize="sm" color="fg.muted">Anyone who can use the app has access.</Text>}
      {rule.type === "creatorOnly" && <Text fontSize="sm" color="fg.muted">Only the user who created a record has access to it.</Text>}
      {rule.type === "fieldComparison" && (
        <HStack>
          <Select
            label="Entity field"
            placeholder="Entity field"
            value={rule.field}
            options={entityFields.map((f) => [f, f])}
            onChange={(field) => onChange({ ...rule, field })}
          />
          <Text fontSize="sm">equals user's</Text>
          <Select
            label="User field"
            placeholder="User field"
            value={rule.userField}
            options={userFields.map((f) => [f, f])}
            onChange={(userField) => onChange({ ...rule, userField })}
          />
        </HStack>
      )}
      {rule.type === "userProperty" && (
        <HStack>
          <Select
            label="User property"
            value={rule.property}
            options={userFields.map((f) => [f, f])}
            onChange={(property) => onChange({ ...rule, property, value: property === "role" ? "admin" : "" })}
          />
          <Text fontSize="sm">is</Text>
          {rule.property === "role" ? (
            <Select label="Value" value={rule.value} options={ROLE_VALUES.map((v) => [v, v])} onChange={(value) => onChange({ ...rule, value })} />
          ) : (
            <Input size="sm" aria-label="Value" placeholder="Value" value={rule.value} onChange={(e) => onChange({ ...rule, value: e.currentTarget.value })} />
          )}
        </HStack>
      )}
      {!isComplete(rule) && (
        <Text fontSize="xs" color="fg.error">
          {rule.type === "fieldComparison" ? "Choose both an entity field and a user field" : "Enter a value"}
        </Text>
      )}
    </Stack>
  );
}
