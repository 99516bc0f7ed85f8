import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { memo } from "react";
import type { App } from "../../../../../schemas/app";
import type { AppRole } from "../../../../../schemas/app-user";
import { FEATURE_MESSAGES } from "../../../../../lib/tiers";
import { appOrigin } from "../../../lib/app-origin";
import { KilnDialog } from "../../ui/Dialog";
import { useCopy } from "../useCopy";
import { useFeatures } from "../useFeatures";
import { useInviteForm } from "../useInviteForm";

/**
 * "Share Your App" (spec 02 Share dialog): the app's public address with Copy, and an
 * invite form (e-mail, access level). The admin level needs a paid plan.
 */
export const ShareDialog = memo(ShareDialogView);

function ShareDialogView({ app, open, onClose }: { app: App; open: boolean; onClose(): void }) {
  const { features } = useFeatures();
  const url = appOrigin(app.slug);
  const { copied, copy } = useCopy();
  const { email, setEmail, role, setRole, error, sending, submit } = useInviteForm(app.id, open, () => undefined);

  return (
    <KilnDialog open={open} onClose={onClose} title="Share Your App" testId="share-dialog">
      <Stack gap="5">
        <Field.Root>
          <Field.Label>Public link</Field.Label>
          <HStack w="full">
            <Input readOnly value={url} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy(url)} data-testid="share-copy">
              {copied ? "Copied!" : "Copy"}
            </Button>
          </HStack>
        </Field.Root>
        <Stack asChild gap="3">
          <form onSubmit={submit} noValidate>
            <Text fontWeight="medium">Invite people</Text>
            <Field.Root>
              <Field.Label>Email</Field.Label>
              <Input type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} placeholder="name@example.com" data-testid="share-invite-email" />
            </Field.Root>
            <Field.Root>
              <Field.Label>Access level</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={role} onChange={(e) => setRole(e.currentTarget.value as AppRole)} data-testid="share-invite-role">
                  <option value="user">User</option>
                  <option value="admin" disabled={!features.assign_admin}>
                    {features.assign_admin ? "Admin" : `Admin (${FEATURE_MESSAGES.assign_admin})`}
                  </option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {!features.assign_admin && <Field.HelperText data-testid="share-admin-gate">{FEATURE_MESSAGES.assign_admin}</Field.HelperText>}
            </Field.Root>
            {error && (
              <Text color="fg.error" fontSize="sm" data-testid="share-invite-error">
                {error}
              </Text>
            )}
            <Button type="submit" alignSelf="flex-end" loading={sending} data-testid="share-invite-send">
              Send Invite
            </Button>
          </form>
        </Stack>
      </Stack>
    </KilnDialog>
  );
}
