import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from "@chakra-ui/react";

/** The app's toasts; the queue holds one toast at a time (spec 01 §9). */
export const toaster = createToaster({ placement: "bottom-end", pauseOnPageIdle: true, max: 1 });

/** Show a toast in place of the one on screen: the newest news wins, none waits behind an old one. */
export const toast = {
  success(title: string) {
    toaster.remove();
    toaster.success({ title });
  },
  error(title: string) {
    toaster.remove();
    toaster.error({ title });
  },
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid="toast">
            {toast.type === "loading" ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable !== false && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
