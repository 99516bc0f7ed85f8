import { Avatar, Box, type BoxProps, Drawer, Flex, HStack, IconButton, Link, Menu, Portal, Separator, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, useRouter } from "@tanstack/react-router";
import { LogOut, MenuIcon, X } from "lucide-react";
import { useState } from "react";
import type { User } from "../../../schemas/user";
import { session } from "../auth/session";
import { KilnMark } from "./KilnMark";

interface NavItem {
  label: string;
  /** a route of this app; shown only once that screen exists */
  to?: string;
  /** an outside address; shown only when configured */
  href?: string;
  /** shown only to platform admins */
  admin?: true;
}

const env = import.meta.env;

/** Header links of the common layout (spec 03 §2.1). */
const navItems: NavItem[] = [
  { label: "Docs & Support", to: "/support" },
  { label: "Integrations", to: "/integrations-catalog" },
  { label: "Affiliates", href: env.VITE_AFFILIATES_URL },
];

const communityItems: NavItem[] = [
  { label: "Community", href: env.VITE_COMMUNITY_URL },
  { label: "X", href: env.VITE_X_URL },
  { label: "LinkedIn", href: env.VITE_LINKEDIN_URL },
];

const accountItems: NavItem[] = [
  { label: "My Profile", to: "/user-settings" },
  { label: "Billing", to: "/billing" },
  { label: "Help & Support", to: "/support" },
  { label: "User Management", to: "/user-management", admin: true },
  { label: "Support Inbox", to: "/support/admin/conversations", admin: true },
  { label: "Platform Analytics", to: "/admin/analytics", admin: true },
  { label: "Become an Affiliate", href: env.VITE_AFFILIATES_URL },
];

function useAvailable() {
  const router = useRouter();
  return (items: NavItem[]) => items.filter((i) => (i.to ? i.to in router.routesByPath : Boolean(i.href)));
}

function ItemLink({ item, onClick }: { item: NavItem; onClick?: () => void }) {
  if (item.to)
    return (
      <Link asChild color="fg.muted" _hover={{ color: "fg" }} fontSize="sm" fontWeight="medium" onClick={onClick}>
        <RouterLink to={item.to as never}>{item.label}</RouterLink>
      </Link>
    );
  return (
    <Link href={item.href} target="_blank" rel="noreferrer" color="fg.muted" _hover={{ color: "fg" }} fontSize="sm" fontWeight="medium">
      {item.label}
    </Link>
  );
}

export function signOut() {
  session.logout();
}

export function Header({ user }: { user: User }) {
  const available = useAvailable();
  const router = useRouter();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const nav = available(navItems);
  const community = available(communityItems);
  const isAdmin = user.platform_role.includes("admin");
  const account = available(accountItems).filter((i) => !i.admin || isAdmin);
  const name = user.full_name || user.username;

  return (
    <Box as="header" position="sticky" top="0" zIndex="docked" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Flex maxW="7xl" mx="auto" px={{ base: "4", md: "6" }} h="14" align="center" gap="6">
        <Link asChild _hover={{ textDecoration: "none" }} aria-label="Kiln home">
          <RouterLink to="/">
            <HStack gap="2">
              <KilnMark size={26} />
              <Text fontWeight="bold" fontSize="lg" letterSpacing="-0.01em">
                Kiln
              </Text>
            </HStack>
          </RouterLink>
        </Link>

        <HStack as="nav" gap="5" display={{ base: "none", md: "flex" }} aria-label="Main">
          {[...nav, ...community].map((item) => (
            <ItemLink key={item.label} item={item} />
          ))}
        </HStack>

        <Box flex="1" />

        <Box display={{ base: "none", md: "block" }}>
          <Menu.Root positioning={{ placement: "bottom-end" }}>
            <Menu.Trigger asChild>
              <IconButton variant="ghost" rounded="full" aria-label="Account menu" data-testid="avatar-menu">
                <Avatar.Root size="sm" colorPalette="orange">
                  <Avatar.Fallback name={name} />
                </Avatar.Root>
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="56">
                  <UserLines name={name} email={user.email} px="3" py="2" />
                  <Menu.Separator />
                  {account.map((item) => (
                    <Menu.Item
                      key={item.label}
                      value={item.label}
                      onSelect={() => (item.to ? router.navigate({ to: item.to as never }) : window.open(item.href, "_blank", "noreferrer"))}
                    >
                      {item.label}
                    </Menu.Item>
                  ))}
                  <Menu.Separator />
                  <Menu.Item value="sign-out" onSelect={signOut} color="fg.error">
                    <LogOut size={14} /> Sign Out
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </Box>

        <IconButton display={{ base: "inline-flex", md: "none" }} variant="ghost" aria-label="Open menu" onClick={() => setDrawerOpen(true)}>
          <MenuIcon />
        </IconButton>
      </Flex>

      <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="end" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <HStack justify="space-between" w="full">
                  <HStack gap="3">
                    <Avatar.Root size="sm" colorPalette="orange">
                      <Avatar.Fallback name={name} />
                    </Avatar.Root>
                    <UserLines name={name} email={user.email} minW="0" />
                  </HStack>
                  <Drawer.CloseTrigger asChild position="static">
                    <IconButton variant="ghost" size="sm" aria-label="Close menu">
                      <X />
                    </IconButton>
                  </Drawer.CloseTrigger>
                </HStack>
              </Drawer.Header>
              <Drawer.Body>
                <Stack as="nav" gap="4" aria-label="Mobile">
                  {[...nav, ...community].map((item) => (
                    <ItemLink key={item.label} item={item} onClick={() => setDrawerOpen(false)} />
                  ))}
                  <Separator />
                  {account.map((item) => (
                    <ItemLink key={item.label} item={item} onClick={() => setDrawerOpen(false)} />
                  ))}
                  <Separator />
                  <Link as="button" onClick={signOut} color="fg.error" fontSize="sm" fontWeight="medium">
                    Sign Out
                  </Link>
                </Stack>
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}

/** The signed-in user's name over their e-mail, each cut short to fit. */
function UserLines({ name, email, ...box }: { name: string; email: string } & BoxProps) {
  return (
    <Box {...box}>
      <Text fontWeight="semibold" fontSize="sm" truncate>
        {name}
      </Text>
      <Text color="fg.muted" fontSize="xs" truncate>
        {email}
      </Text>
    </Box>
  );
}
