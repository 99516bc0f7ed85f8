import { Button, Card, Text } from "@chakra-ui/react";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { PaymentsAccount } from "../../../../schemas/payments";
import { serverDetailOr } from "../../api/billing";
import { useDeleteAccount } from "../../api/payments";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { toast } from "../ui/toaster";

/** Shown once an account exists (spec 02 §2); deleting it resets the wizard to step 0. */
export function DeleteIntegrationCard({ account, onDeleted }: { account: PaymentsAccount; onDeleted(): void }) {
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const close = () => {
    setAsking(false);
    setFailure(null);
  };
  const confirm = () =>
    remove.mutate(account.stripe_account_id, {
      onSuccess: () => {
        close();
        onDeleted();
      },
      onError: (err) => {
        toast.error("Failed to delete Stripe account");
        setFailure(serverDetailOr(err, "Failed to delete Stripe account. Please try again."));
      },
    });
  return (
    <Card.Root borderColor="red.muted" data-testid="payments-delete-card">
      <Card.Header>
        <Card.Title>Delete Stripe integration</Card.Title>
        <Card.Description>Deletes the Stripe account {account.stripe_account_id} and disconnects it from every app using it.</Card.Description>
      </Card.Header>
      <Card.Footer>
        <Button colorPalette="red" variant="outline" onClick={() => setAsking(true)} data-testid="payments-delete">
          <Trash2 size={14} /> Delete Integration
        </Button>
      </Card.Footer>
      <ConfirmDialog
        confirmation={asking ? { title: "Delete Stripe account?", text: "Your apps stop taking payments with it. This cannot be undone.", action: "Delete" } : null}
        pending={remove.isPending}
        testIds={{ dialog: "payments-delete-dialog", action: "payments-delete-confirm" }}
        onConfirm={confirm}
        onClose={close}
      >
        {failure && (
          <Text color="red.fg" data-testid="payments-delete-error">
            {failure}
          </Text>
        )}
      </ConfirmDialog>
    </Card.Root>
  );
}
