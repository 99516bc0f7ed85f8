import { Button, CloseButton, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from "@chakra-ui/react";
import type { AppRole } from "../../../../../schemas/app-user";
import { FEATURE_MESSAGES } from "../../../../../functions/core/tiers";
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
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="invite-user-dialog" asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Invite User</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
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
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={sending} data-testid="invite-send">
                  Send Invite
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
