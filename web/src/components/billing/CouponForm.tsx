import { Button, Collapsible, HStack, Input } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ticket } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Billing, serverDetailOr } from "../../api/billing";
import { toast } from "../ui/toaster";

/** 'Have a coupon code?' (spec 03 §2.2, §5): hidden until opened; the code is trimmed; Apply waits for a code and for the last try. */
export function CouponForm() {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const redeem = useMutation({
    mutationFn: Billing.redeemCoupon,
    onSuccess: ({ num_messages }) => {
      toast.success(`${num_messages} credits added to your account!`);
      setCode("");
    },
    onError: (err) => toast.error(serverDetailOr(err, "Failed to apply coupon code. Please try again.")),
    onSettled: () => client.invalidateQueries({ queryKey: ["usage"] }),
  });
  const trimmed = code.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (trimmed && !redeem.isPending) redeem.mutate(trimmed);
  };

  return (
    <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="plain" size="sm" color="brand.fg" px="0" data-testid="coupon-toggle">
          <Ticket /> Have a coupon code?
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <HStack as="form" onSubmit={submit} gap="2" maxW="md" pt="2" data-testid="coupon-form">
          <Input value={code} onChange={(e) => setCode(e.target.value)} placeholder="Enter coupon code" aria-label="Coupon code" bg="bg" autoComplete="off" data-testid="coupon-input" />
          <Button type="submit" colorPalette="brand" disabled={!trimmed || redeem.isPending} loading={redeem.isPending} data-testid="coupon-apply">
            Apply
          </Button>
        </HStack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
