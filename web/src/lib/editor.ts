import { useRouter } from "@tanstack/react-router";

/** Open an app's editor on the preview (spec 01 §2); `replace` when the current page should not stay in history. */
export function useOpenEditor() {
  const router = useRouter();
  return (appId: string, options: { replace?: boolean } = {}) =>
    router.navigate({ to: "/apps/$appId/editor/preview", params: { appId }, replace: options.replace });
}
