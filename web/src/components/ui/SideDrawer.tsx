import { CloseButton, Drawer, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A drawer from the screen's side with a backdrop and a close button; closing (button, backdrop or Escape) calls onClose. */
export function SideDrawer({
  open,
  onClose,
  placement,
  size,
  testId,
  title,
  body,
  children,
}: {
  open: boolean;
  onClose(): void;
  placement: Drawer.RootProps["placement"];
  size: Drawer.RootProps["size"];
  testId: string;
  title?: ReactNode;
  body?: Drawer.BodyProps;
  children: ReactNode;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement={placement} size={size}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid={testId}>
            {title && (
              <Drawer.Header>
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
            )}
            <Drawer.Body {...body}>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
