/**
 * `<Toaster />` of `@/components/ui/toaster` (and sonner's): apps mount it in their
 * layout or shell, but the runtime already shows every toast once (ToastList in
 * App.tsx), so a second one would show each toast twice.
 */
export function Toaster(_props: Record<string, unknown>) {
  return null;
}
