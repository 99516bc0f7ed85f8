import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import type { AppRole } from "../../../../schemas/app-user";
import { AppData } from "../../api/app-data";
import { ApiError } from "../../api/client";
import { toast } from "../ui/toaster";

/**
 * The invite form of Share and Invite User (spec 02 §5): e-mail and role, reset when the
 * dialog opens; an empty e-mail says "Please enter an email address"; a refusal shows the
 * server's detail or "Failed to send invitation". `onSent` decides what follows a success.
 */
export function useInviteForm(appId: string, open: boolean, onSent: () => void) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AppRole>("user");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setEmail("");
    setRole("user");
    setError(null);
  }, [open]);

  const invite = useMutation({
    mutationFn: () => AppData.invite(appId, email.trim(), role),
    onSuccess: (user) => {
      toast.success(`Invitation sent to ${user.email}`);
      setEmail("");
      onSent();
    },
    onError: (err) => setError(err instanceof ApiError && err.detail ? err.detail : "Failed to send invitation"),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError("Please enter an email address");
    setError(null);
    invite.mutate();
  };

  return { email, setEmail, role, setRole, error, sending: invite.isPending, submit };
}
