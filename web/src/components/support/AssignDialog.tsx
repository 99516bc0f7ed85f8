import { Field, Input } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SupportMessages, agentEmail } from "../../../../schemas/support";
import { ApiError, messageOr } from "../../api/client";
import { Support } from "../../api/support";
import { KilnDialog } from "../ui/Dialog";

/**
 * Assign a ticket to an agent (spec 03 §5 Admin assign): required, well formed, on the company domain.
 * The domain is the server's setting, so its answer carries the domain message; the other two are checked here too.
 */
export function AssignDialog({ ticketId, current, open, onClose }: { ticketId: string; current: string | null; open: boolean; onClose(): void }) {
  const client = useQueryClient();
  const [email, setEmail] = useState(current ?? "");
  const [error, setError] = useState("");
  const assign = useMutation({
    mutationFn: () => Support.assign(ticketId, email),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["support"] });
      onClose();
    },
    onError: (err) => setError(err instanceof ApiError && err.status < 500 ? messageOr(err, SupportMessages.ASSIGN_FAILED) : SupportMessages.ASSIGN_FAILED),
  });
  const submit = () => {
    // any domain passes this first check: the server holds the company's
    const local = agentEmail(email.split("@")[1] ?? "").safeParse(email);
    if (!local.success) return setError(local.error.issues[0].message);
    assign.mutate();
  };
  return (
    <KilnDialog
      open={open}
      onClose={onClose}
      title={current ? "Reassign ticket" : "Assign ticket"}
      testId="assign-dialog"
      onSubmit={submit}
      action={{
        label: current ? "Reassign" : "Assign",
        disabled: !email,
        loading: assign.isPending,
        tone: "brand",
        testId: "assign-submit",
      }}
    >
      <Field.Root invalid={!!error}>
        <Field.Label>Agent e-mail</Field.Label>
        <Input
          type="email"
          value={email}
          autoFocus
          onChange={(e) => (setEmail(e.target.value), setError(""))}
          placeholder="agent@company.com"
          data-testid="assign-email"
        />
        <Field.ErrorText data-testid="assign-error">{error}</Field.ErrorText>
      </Field.Root>
    </KilnDialog>
  );
}
