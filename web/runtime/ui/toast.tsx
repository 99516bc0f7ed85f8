import { X } from "lucide-react";
import type * as React from "react";
import { dismiss, useToast } from "./use-toast";
import { cn } from "./utils";

export function ToastProvider({ children }: { children?: React.ReactNode }) {
  return <>{children}</>;
}

export function ToastViewport({ className, ...props }: React.ComponentProps<"ol">) {
  return <ol className={cn("fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 md:max-w-[420px]", className)} {...props} />;
}

export function Toast({ className, variant = "default", ...props }: React.ComponentProps<"li"> & { variant?: "default" | "destructive" | "success" }) {
  return (
    <li
      role="status"
      className={cn(
        "group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-md border p-4 pr-8 shadow-lg",
        variant === "destructive" ? "border-destructive bg-destructive text-destructive-foreground" : "border bg-background text-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("text-sm opacity-90", className)} {...props} />;
}

export function ToastAction({ className, ...props }: React.ComponentProps<"button">) {
  return (
    <button
      type="button"
      className={cn("inline-flex h-8 shrink-0 items-center justify-center rounded-md border bg-transparent px-3 text-sm font-medium hover:bg-secondary", className)}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: React.ComponentProps<"button">) {
  return (
    <button type="button" aria-label="Close" className={cn("absolute right-2 top-2 rounded-md p-1 opacity-60 hover:opacity-100", className)} {...props}>
      <X className="h-4 w-4" />
    </button>
  );
}

/** The app's toasts; the runtime's shell renders this once (App.tsx). */
export function ToastList() {
  const { toasts } = useToast();
  if (!toasts.length) return null;
  return (
    <ToastViewport>
      {toasts.map(({ id, title, description, action, variant }) => (
        <Toast key={id} variant={variant}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose onClick={() => dismiss(id)} />
        </Toast>
      ))}
    </ToastViewport>
  );
}
