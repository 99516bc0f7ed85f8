import { Field, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import type { AppRole } from "../../../../../schemas/app-user";
import { FEATURE_MESSAGES } from "../../../../../lib/tiers";
import { KilnDialog } from "../../ui/Dialog";
import { useInviteForm } from "../useInviteForm";

/**
 * Invite User (spec 02 §5): an e-mail and a role. The admin role is offered only on a
 * paid plan; on the free plan the option is disabled and says why. A refusal is shown
 * in the dialog: the server's detail, or "Failed to send invitation".
 */
export function InviteUserDialog({ appId, open, canAssignAdmin, onClose, onInvited }: { appId: string; open: boolean; canAssignAdmin: boolean; onClose(): void; onInvited(): void }) {
  const { email, setEmail, role, setRole, error, sending, submit } = useInviteForm(appId, open, () => {
    onInvited();
    onClose();
  });

  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title="Invite User"
      testId="invite-user-dialog"
      onSubmit={submit}
      action={{ label: "Send Invite", loading: sending, tone: "neutral", testId: "invite-send" }}
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} placeholder="name@example.com" data-testid="invite-email" autoFocus />
        </Field.Root>
        <Field.Root>
          <Field.Label>Role</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={role} onChange={(e) => setRole(e.currentTarget.value as AppRole)} data-testid="invite-role">
              <option value="user">User</option>
              <option value="admin" disabled={!canAssignAdmin}>
                {canAssignAdmin ? "Admin" : `Admin (${FEATURE_MESSAGES.assign_admin})`}
              </option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {!canAssignAdmin && <Field.HelperText data-testid="invite-admin-gate">{FEATURE_MESSAGES.assign_admin}</Field.HelperText>}
        </Field.Root>
        {error && (
          <Text color="fg.error" fontSize="sm" data-testid="invite-error">
            {error}
          </Text>
        )}
      </Stack>
    </KilnDialog>
  );
}
