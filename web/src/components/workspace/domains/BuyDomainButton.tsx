import { Button } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { ShoppingCart } from "lucide-react";
import { type BuyDomainConfig, DomainMessages } from "../../../../../schemas/domains";
import { messageOr } from "../../../api/client";
import { Domains } from "../../../api/domains";
import { purchaseFailed } from "./notify";

/** Entri's widget, as its script defines it on window. */
interface EntriWidget {
  purchaseDomain(config: Omit<BuyDomainConfig, "scriptUrl">): void;
}
declare global {
  interface Window {
    entri?: EntriWidget;
  }
}

let loading: Promise<void> | null = null;

/** The widget's script, loaded once and only when someone wants to buy a domain. */
function loadScript(src: string): Promise<void> {
  if (window.entri) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("The domain-purchase widget did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Buy Domain (spec 02 §2, §7, §8): the server's widget configuration, the widget's script loaded on
 * demand, and the widget's answer: a bought domain is added to the app, anything else reads
 * "Domain Purchase Failed".
 */
export function BuyDomainButton({ appId, appName, onBought }: { appId: string; appName: string; onBought(domain: string): void }) {
  const start = useMutation({
    mutationFn: () => Domains.buyStart(appId, appName),
    onError: (err) => purchaseFailed(messageOr(err, DomainMessages.PURCHASE_CONFIG_FAILED)),
    onSuccess: async ({ scriptUrl, ...config }) => {
      await loadScript(scriptUrl).catch(() => undefined);
      if (!window.entri) return purchaseFailed(DomainMessages.WIDGET_NOT_READY);
      window.addEventListener(
        "onEntriClose",
        (event) => {
          const detail = (event as CustomEvent<{ success?: boolean; domain?: string }>).detail;
          if (detail?.success && detail.domain) onBought(detail.domain);
          else purchaseFailed(DomainMessages.PURCHASE_FAILED);
        },
        { once: true },
      );
      window.entri.purchaseDomain(config);
    },
  });
  return (
    <Button size="sm" variant="outline" loading={start.isPending} onClick={() => start.mutate()} data-testid="domains-buy">
      <ShoppingCart /> Buy Domain
    </Button>
  );
}
