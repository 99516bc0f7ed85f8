import { Badge, Box, Button, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Braces, UserPlus } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { type AppUser, appUserServerFields } from "../../../../../schemas/app-user";
import { AppData, usersQueryKey } from "../../../api/app-data";
import { detailOf } from "../../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { RecordsTable, type RecordsColumn } from "../../ui/RecordsTable";
import { toast, toaster } from "../../ui/toaster";
import { RecordSheet } from "../data/RecordSheet";
import { SchemaDialog } from "../data/SchemaDialog";
import { type Properties, cellText } from "../data/records";
import { useFeatures } from "../useFeatures";
import { InviteUserDialog } from "./InviteUserDialog";
import { SubscriptionRequiredDialog } from "./SubscriptionRequiredDialog";
import { staffDomain, visibleUsers } from "./staff";

const builtInProperties: Properties = {
  email: { type: "string", format: "email", title: "Email" },
  full_name: { type: "string", title: "Full Name" },
  role: { type: "string", enum: ["user", "admin"], title: "Role" },
};

/**
 * The app's end users (spec 02 §2 "Users table"): the list without the platform's staff,
 * Invite User, an edit sheet without e-mail and full name, per-row delete after a confirmation, and the Schema. Making someone
 * an admin needs a paid plan (Features.assign_admin); the server enforces the same gate.
 */
export function UsersView({ app }: { app: App }) {
  const client = useQueryClient();
  const canAssignAdmin = useFeatures().features.assign_admin;
  const [editing, setEditing] = useState<AppUser | null>(null);
  const [deleting, setDeleting] = useState<AppUser | null>(null);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [schemaOpen, setSchemaOpen] = useState(false);
  const [gateOpen, setGateOpen] = useState(false);

  /** The user record's own fields, from the app's `User` entity when it declares one. */
  const custom = useMemo(() => {
    const declared = (app.entities.User?.properties ?? app.user_entity?.properties ?? {}) as Properties;
    const builtIn = new Set<string>([...appUserServerFields, "full_name"]);
    return Object.fromEntries(Object.entries(declared).filter(([k]) => !builtIn.has(k))) as Properties;
  }, [app.entities.User, app.user_entity]);
  const schema = useMemo(() => ({ name: "User", type: "object", properties: { ...builtInProperties, ...custom }, required: ["email"] }), [custom]);
  const editable = useMemo(() => ({ role: builtInProperties.role, ...custom }), [custom]);
  const editableRequired = useMemo(() => ["role"], []);
  const columns = useMemo<RecordsColumn<AppUser>[]>(() => {
    const text = (key: string) => (user: AppUser) => cellText(user[key], custom[key]);
    return [
      { key: "full_name", header: "Full Name", text: text("full_name") },
      { key: "email", header: "Email", text: text("email") },
      { key: "role", header: "Role", render: (user) => <Badge colorPalette={user.role === "admin" ? "purple" : "gray"}>{user.role}</Badge> },
      ...Object.entries(custom).map(([key, p]) => ({ key, header: typeof p.title === "string" && p.title ? p.title : key, text: text(key) })),
      { key: "created_date", header: "Joined", text: text("created_date") },
    ];
  }, [custom]);

  const key = usersQueryKey(app.id);
  const users = useQuery({ queryKey: key, queryFn: () => AppData.users(app.id) });
  useEffect(() => {
    if (users.isError) toast.error("Failed to load users");
  }, [users.isError]);
  const rows = useMemo(() => visibleUsers(users.data ?? [], staffDomain(window.location.hostname)), [users.data]);

  const update = useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: Record<string, unknown> }) => AppData.updateUser(app.id, id, fields),
    onSuccess: () => {
      toast.success("User updated");
      setEditing(null);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      toaster.remove();
      toaster.error({ title: "Error", description: detailOf(err) });
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => AppData.removeUser(app.id, id),
    onSuccess: () => {
      toast.success("User deleted");
      setDeleting(null);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      setDeleting(null);
      toaster.remove();
      toaster.error({ title: "Error", description: detailOf(err) });
    },
  });

  const save = (fields: Record<string, unknown>) => {
    if (!editing) return;
    if (fields.role === "admin" && editing.role !== "admin" && !canAssignAdmin) {
      setGateOpen(true);
      return;
    }
    update.mutate({ id: editing.id, fields });
  };

  return (
    <Stack gap="4" p="6" data-testid="users-view">
      <HStack justify="space-between" align="start" gap="4">
        <Box minW="0">
          <Heading size="lg">Users</Heading>
          <Text color="fg.muted" fontSize="sm">
            The people who use your app and their roles
          </Text>
        </Box>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => setSchemaOpen(true)} data-testid="users-schema">
            <Braces /> Schema
          </Button>
          <Button size="sm" onClick={() => setInviteOpen(true)} data-testid="invite-user">
            <UserPlus /> Invite User
          </Button>
        </HStack>
      </HStack>

      <RecordsTable
        rows={rows}
        rowKey={(user) => user.id}
        columns={columns}
        loading={users.isPending}
        loadingText="Loading users..."
        empty={{ text: "No users found", action: { label: "Invite your first user", icon: <UserPlus />, onClick: () => setInviteOpen(true) } }}
        onRowClick={setEditing}
        rowDelete={{ label: "Delete user", testId: "delete-user", pending: (user) => remove.isPending && remove.variables === user.id, onDelete: setDeleting }}
        label="App users"
        testIds={{ table: "users-table", row: "user-row", empty: "users-empty" }}
        rowData={(user) => ({ "data-email": user.email })}
      />

      <RecordSheet
        open={editing !== null}
        title={editing ? `Edit ${editing.full_name || editing.email}` : "Edit user"}
        properties={editable}
        required={editableRequired}
        record={editing ?? undefined}
        saving={update.isPending}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <ConfirmDialog
        confirmation={deleting && { title: "Delete this user?", text: `"${deleting.full_name || deleting.email}" will be removed from this app. This cannot be undone.`, action: "Delete" }}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
      <InviteUserDialog appId={app.id} open={inviteOpen} canAssignAdmin={canAssignAdmin} onClose={() => setInviteOpen(false)} onInvited={() => void client.invalidateQueries({ queryKey: key })} />
      <SubscriptionRequiredDialog open={gateOpen} onClose={() => setGateOpen(false)} />
      <SchemaDialog open={schemaOpen} title="User Schema" schema={schema} onClose={() => setSchemaOpen(false)} />
    </Stack>
  );
}
