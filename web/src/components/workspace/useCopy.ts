import { useEffect, useState } from "react";
import { toast } from "../ui/toaster";

/** Copy to the clipboard; `copied` reads true for 2 s after (spec 02 §9 copy confirmation). */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error("Could not copy to the clipboard");
    }
  };
  return { copied, copy };
}
