import { Link } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { detailOf } from "../../api/client";
import { Payments } from "../../api/payments";
import { toast } from "../ui/toaster";

/**
 * "Stripe dashboard", where products and prices are made: a new tab at the address the server gives
 * for this account (a single-use login link, Stripe's own dashboard, or on one machine the local
 * stand-in's labelled dashboard). Without an account it is plain words.
 */
export function DashboardLink({ account, testId = "payments-dashboard-link" }: { account?: string | null; testId?: string }) {
  const open = useMutation({ mutationFn: Payments.dashboard });
  if (!account) return <>Stripe dashboard</>;
  const click = () => {
    // the tab opens in the click, before the answer, so no popup blocker stops it
    const tab = window.open("", "_blank");
    open.mutate(account, {
      onSuccess: ({ dashboard_url }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = dashboard_url;
        }
        else window.open(dashboard_url, "_blank");
      },
      onError: (err) => {
        tab?.close();
        toast.error(`Failed to open the Stripe dashboard: ${detailOf(err)}`);
      },
    });
  };
  return (
    <Link asChild color="brand.fg" textDecoration="underline" verticalAlign="baseline">
      <button type="button" onClick={click} disabled={open.isPending} aria-busy={open.isPending} data-testid={testId}>
        Stripe dashboard <ExternalLink size={12} aria-hidden />
      </button>
    </Link>
  );
}
