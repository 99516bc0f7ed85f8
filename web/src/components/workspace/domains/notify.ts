import { DomainMessages } from "../../../../../schemas/domains";
import { messageOr } from "../../../api/client";
import { toaster } from "../../ui/toaster";

/** A failed domain call (spec 02 §8): its title, and the server's detail or "Something went wrong". */
export function domainFailed(title: string, err: unknown) {
  toaster.remove();
  toaster.error({ title, description: messageOr(err, DomainMessages.FALLBACK) });
}

/** A Buy Domain problem (spec 02 §8) reads as the toast's title. */
export function purchaseFailed(title: string) {
  toaster.remove();
  toaster.error({ title });
}
