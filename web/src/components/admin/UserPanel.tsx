import { Badge, Button, Checkbox, CloseButton, Code, Drawer, Field, Heading, Input, NativeSelect, Portal, Spinner, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PlatformRole, SubscriptionTier, type User } from "../../../../schemas/user";
import { Admin, adminUserQuery } from "../../api/admin";
import { BonusCredits } from "./BonusCredits";
import { UserUsage } from "./UserUsage";

/**
 * The side panel (spec 03 §2.3, §4): the user from the loaded list, else fetched by id; a failed
 * fetch closes it (the parameter is dropped), and so does closing it.
 */
export function UserPanel({ userId, listed, onClose }: { userId: string; listed?: User; onClose(): void }) {
  const fetched = useQuery({ ...adminUserQuery(userId), enabled: !listed });
  const failed = !listed && fetched.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  const user = fetched.data && fetched.data.updated_date > (listed?.updated_date ?? "") ? fetched.data : (listed ?? fetched.data);

  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} placement="end" size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="admin-user-panel" data-user-id={userId}>
            <Drawer.Header>
              <Drawer.Title>{user?.email ?? "User"}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{user ? <UserDetails key={user.id} user={user} /> : <Spinner />}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" data-testid="admin-user-panel-close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function UserDetails({ user }: { user: User }) {
  const client = useQueryClient();
  const [form, setForm] = useState({
    full_name: user.full_name ?? "",
    phone_number: user.phone_number ?? "",
    platform_role: user.platform_role,
    subscription_tier: user.subscription_tier,
    is_beta_tester: user.is_beta_tester,
  });
  const save = useMutation({
    mutationFn: () =>
      Admin.updateUser(user.id, {
        ...(form.full_name.trim() ? { full_name: form.full_name } : {}),
        phone_number: form.phone_number,
        platform_role: form.platform_role,
        subscription_tier: form.subscription_tier,
        is_beta_tester: form.is_beta_tester,
      }),
    onSuccess: (saved) => {
      client.setQueryData(adminUserQuery(user.id).queryKey, saved);
      void client.invalidateQueries({ queryKey: ["admin", "users"] });
    },
    // spec 03 §8: admin actions fail silently
    onError: () => undefined,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <Stack gap="5">
      <Stack
        as="form"
        gap="3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field.Root>
          <Field.Label>Full Name</Field.Label>
          <Input value={form.full_name} onChange={(e) => set("full_name", e.target.value)} data-testid="admin-user-full-name" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Phone Number</Field.Label>
          <Input value={form.phone_number} onChange={(e) => set("phone_number", e.target.value)} data-testid="admin-user-phone" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Platform Role</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.platform_role} onChange={(e) => set("platform_role", PlatformRole.parse(e.currentTarget.value))} data-testid="admin-user-role">
              {PlatformRole.options.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Subscription Tier</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.subscription_tier} onChange={(e) => set("subscription_tier", SubscriptionTier.parse(e.currentTarget.value))} data-testid="admin-user-tier">
              {SubscriptionTier.options.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Checkbox.Root checked={form.is_beta_tester} onCheckedChange={(e) => set("is_beta_tester", !!e.checked)} data-testid="admin-user-beta">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Beta tester</Checkbox.Label>
        </Checkbox.Root>
        <Button type="submit" colorPalette="brand" loading={save.isPending} alignSelf="start" data-testid="admin-user-save">
          Save Changes
        </Button>
      </Stack>

      <Stack gap="1" fontSize="sm">
        <Heading size="sm">Stripe</Heading>
        <Text>
          Customer: <Code data-testid="admin-user-stripe-customer">{user.stripe_customer_id ?? "—"}</Code>
        </Text>
        <Text>
          Subscription: <Code>{user.stripe_subscription_id ?? "—"}</Code> {user.stripe_subscription_status && <Badge>{user.stripe_subscription_status}</Badge>}
        </Text>
        <Heading size="sm" pt="2">
          API Key
        </Heading>
        <Code wordBreak="break-all" data-testid="admin-user-api-key">
          {user.api_key}
        </Code>
      </Stack>

      <UserUsage userId={user.id} />
      <BonusCredits userId={user.id} />
    </Stack>
  );
}
