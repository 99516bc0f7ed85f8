import type { ReactNode } from "react";
import { Toaster } from "./toaster";
import { toast as raise } from "./use-toast";

type Options = { description?: ReactNode; duration?: number };

/** sonner's `toast("Saved")`, `toast.success(...)`, `toast.error(...)` on the app's one toast list. */
export const toast = Object.assign((message: ReactNode, options: Options = {}) => raise({ title: message, ...options }).id, {
  success: (message: ReactNode, options: Options = {}) => raise({ title: message, variant: "success", ...options }).id,
  error: (message: ReactNode, options: Options = {}) => raise({ title: message, variant: "destructive", ...options }).id,
  info: (message: ReactNode, options: Options = {}) => raise({ title: message, ...options }).id,
  warning: (message: ReactNode, options: Options = {}) => raise({ title: message, ...options }).id,
  message: (message: ReactNode, options: Options = {}) => raise({ title: message, ...options }).id,
});

export { Toaster };
