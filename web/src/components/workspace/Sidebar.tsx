import { Box, Button, Menu, Portal, Stack, Text, chakra } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { BarChart3, Code2, CreditCard, Database, FileText, Globe, Image, KeyRound, LayoutDashboard, Menu as MenuIcon, Plug, Settings, Shield, Table2, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { App } from "../../../../schemas/app";
import { hasPayments } from "../payments/PaymentsView";
import { entityView, hasSecrets } from "./views";

interface NavItem {
  id: string;
  label: string;
  icon: ReactNode;
  /** a sub-item, drawn indented under its group */
  nested?: boolean;
}
interface NavGroup {
  label: string;
  icon: ReactNode;
  items: NavItem[];
}
type NavEntry = NavItem | NavGroup;

/** The sidebar's items in the spec's order (spec 02 Layout); Data lists one sub-item per entity, Settings holds Logo and App Settings. */
export function navOf(app: App): NavEntry[] {
  const entities = Object.keys(app.entities)
    .filter((name) => name !== "User")
    .sort((a, b) => a.localeCompare(b));
  const entries: NavEntry[] = [
    { id: "overview", label: "Overview", icon: <LayoutDashboard size={16} /> },
    { id: "users", label: "Users", icon: <Users size={16} /> },
    { label: "Data", icon: <Database size={16} />, items: entities.map((name) => ({ id: entityView(name), label: name, icon: <Table2 size={14} />, nested: true })) },
    { id: "analytics", label: "Analytics", icon: <BarChart3 size={16} /> },
    { id: "domains", label: "Domains", icon: <Globe size={16} /> },
    { id: "security", label: "Security", icon: <Shield size={16} /> },
    { id: "code", label: "Code", icon: <Code2 size={16} /> },
    { id: "logs", label: "Logs", icon: <FileText size={16} /> },
    { id: "api", label: "API", icon: <Plug size={16} /> },
    {
      label: "Settings",
      icon: <Settings size={16} />,
      items: [
        { id: "logo", label: "Logo", icon: <Image size={14} />, nested: true },
        { id: "app-settings", label: "App Settings", icon: <Settings size={14} />, nested: true },
      ],
    },
  ];
  if (hasSecrets(app)) entries.push({ id: "secrets", label: "Secrets", icon: <KeyRound size={16} /> });
  if (hasPayments(app)) entries.push({ id: "payments", label: "Payments", icon: <CreditCard size={16} /> });
  return entries;
}

const isGroup = (entry: NavEntry): entry is NavGroup => "items" in entry;
const flat = (entries: NavEntry[]) => entries.flatMap((entry) => (isGroup(entry) ? entry.items : [entry]));

function Item({ app, item, active }: { app: App; item: NavItem; active: boolean }) {
  return (
    <Box
      asChild
      display="flex"
      alignItems="center"
      gap="2"
      ps={item.nested ? "7" : "3"}
      pe="3"
      py="1.5"
      rounded="md"
      fontSize="sm"
      color={active ? "fg" : "fg.muted"}
      bg={active ? "bg.emphasized" : undefined}
      fontWeight={active ? "medium" : undefined}
      _hover={{ bg: "bg.muted", color: "fg" }}
    >
      <Link
        to="/apps/$appId/editor/workspace/$view"
        params={{ appId: app.id, view: item.id }}
        aria-current={active ? "page" : undefined}
        data-testid={`workspace-nav-${item.id}`}
      >
        {item.icon}
        <Text truncate>{item.label}</Text>
      </Link>
    </Box>
  );
}

/** The workspace's navigation as a column (1024 px and wider). */
export function Sidebar({ app, view }: { app: App; view: string }) {
  return (
    <Stack as="nav" aria-label="Workspace" gap="0.5" p="2" h="full" overflowY="auto" borderEndWidth="1px" data-testid="workspace-sidebar">
      {navOf(app).map((entry) =>
        isGroup(entry) ? (
          <Box key={entry.label}>
            <Text display="flex" alignItems="center" gap="2" px="3" py="1.5" fontSize="sm" color="fg.muted">
              {entry.icon}
              {entry.label}
            </Text>
            {entry.items.length === 0 ? (
              <Text ps="7" py="1" fontSize="xs" color="fg.subtle">
                No entities yet
              </Text>
            ) : (
              entry.items.map((item) => <Item key={item.id} app={app} item={item} active={item.id === view} />)
            )}
          </Box>
        ) : (
          <Item key={entry.id} app={app} item={entry} active={entry.id === view} />
        ),
      )}
    </Stack>
  );
}

/** Under 1024 px the sidebar collapses to a menu (spec 02 Layout). */
export function SidebarMenu({ app, view, onSelect }: { app: App; view: string; onSelect(view: string): void }) {
  const items = flat(navOf(app));
  const current = items.find((item) => item.id === view);
  return (
    <Menu.Root onSelect={(e) => onSelect(e.value)}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="workspace-menu">
          <MenuIcon /> {current?.label ?? "Menu"}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="70vh" overflowY="auto">
            {items.map((item) => (
              <Menu.Item key={item.id} value={item.id} ps={item.nested ? "6" : undefined} data-testid={`workspace-menu-${item.id}`}>
                {item.icon}
                <chakra.span>{item.label}</chakra.span>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
