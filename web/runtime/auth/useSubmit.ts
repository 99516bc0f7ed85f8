import { useState } from "react";
import { messageOf } from "./api";

/**
 * A screen's one call at a time: busy while it runs; on failure the server's detail or the
 * spec's fallback text. The error clears on each new submit (spec 03 §4). After a success
 * the screen moves on, so it stays busy.
 */
export function useSubmit() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>, fallback: string) => {
    setError(null);
    setBusy(true);
    try {
      await call();
    } catch (err) {
      setError(messageOf(err, fallback));
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
