import { Badge, Button, HStack, Input, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { Download, Search } from "lucide-react";
import { useState } from "react";
import type { User } from "../../../../schemas/user";
import { adminUsersQuery } from "../../api/admin";
import { useDebounced } from "../../lib/useDebounced";
import { RecordsTable } from "../ui/RecordsTable";
import { download, usersCsv } from "./csv";
import { UserPanel } from "./UserPanel";

/** Spec 03 §9: the search waits 500 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

/** User Management (spec 03 §2.3): the newest 100 users, searched by e-mail and name, exported as CSV; a row opens the side panel. */
export function UsersTab({ userId, setUserId }: { userId?: string; setUserId(id: string | undefined): void }) {
  const [text, setText] = useState("");
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const users = useQuery({ ...adminUsersQuery(search), placeholderData: (previous) => previous });
  const rows = users.data ?? [];

  return (
    <Stack gap="4" pt="4">
      <HStack gap="3" wrap="wrap">
        <HStack flex="1" minW="64" gap="2">
          <Search size={16} />
          <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Search by email or name" aria-label="Search users" data-testid="admin-user-search" />
        </HStack>
        <Button variant="outline" onClick={() => download(usersCsv(rows), `users-${new Date().toISOString().slice(0, 10)}.csv`)} disabled={!rows.length} data-testid="admin-export-csv">
          <Download /> Export CSV
        </Button>
      </HStack>
      <RecordsTable<User>
        rows={rows}
        rowKey={(u) => u.id}
        loading={users.isPending}
        columns={[
          { key: "email", header: "Email", text: (u) => u.email },
          { key: "full_name", header: "Full Name", text: (u) => u.full_name ?? "" },
          { key: "platform_role", header: "Role", render: (u) => <Badge colorPalette={u.platform_role === "platform_admin" ? "purple" : "gray"}>{u.platform_role}</Badge> },
          { key: "subscription_tier", header: "Tier", text: (u) => u.subscription_tier },
          { key: "created_date", header: "Created", text: (u) => format(parseISO(u.created_date), "MMM d, yyyy") },
        ]}
        empty={{ text: "No users found" }}
        onRowClick={(u) => setUserId(u.id)}
        rowData={(u) => ({ "data-email": u.email })}
        label="Users"
        testIds={{ table: "admin-users-table", row: "admin-user-row", empty: "admin-users-empty" }}
      />
      {userId && <UserPanel userId={userId} listed={rows.find((u) => u.id === userId)} onClose={() => setUserId(undefined)} />}
    </Stack>
  );
}
