import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";

/** brand for an ordinary step, danger for what cannot be undone, neutral for the theme's plain solid button */
export type DialogTone = "brand" | "danger" | "neutral";

const palette: Record<DialogTone, string | undefined> = { brand: "brand", danger: "red", neutral: undefined };

/** The one primary action in a dialog's footer, beside Cancel. */
export interface DialogAction {
  label: ReactNode;
  /** what it does; without it (and without `href`) the button submits the dialog's form */
  onClick?(): void;
  /** a link rather than a button: the action takes the user elsewhere (say, to /billing) */
  href?: string;
  loading?: boolean;
  loadingText?: string;
  disabled?: boolean;
  tone?: DialogTone;
  testId?: string;
}

export interface KilnDialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** a line under the title: what the dialog is about */
  description?: ReactNode;
  children?: ReactNode;
  /** the primary action; with it the footer shows Cancel and this action */
  action?: DialogAction;
  /** the dismissing button: "Close" where leaving loses nothing */
  cancel?: { label?: string; testId?: string };
  /** a footer of the dialog's own, in place of Cancel and the action */
  footer?: ReactNode;
  /** makes the dialog a form: Enter and the action submit it */
  onSubmit?(event: FormEvent<HTMLFormElement>): void;
  /** "wide" is for side-by-side content (a file list beside a diff) */
  size?: "sm" | "md" | "lg" | "xl" | "wide";
  /** an irreversible confirmation: announced as an alert dialog */
  alert?: boolean;
  /** the × in the corner */
  closeButton?: boolean;
  /** the body starts right under the title (tabs that sit on the header) */
  flushBody?: boolean;
  testId?: string;
  /** state for tests and styles, on the dialog's frame */
  data?: Record<`data-${string}`, string>;
}

/**
 * Kiln's one dialog frame: title (and a line under it), a body, and a footer of Cancel and
 * one primary action. It closes on Cancel, ×, Escape or the backdrop — except while the
 * action is pending, so a save in flight is never left without its dialog.
 */
export function KilnDialog({
  open,
  onClose,
  title,
  description,
  children,
  action,
  cancel,
  footer,
  onSubmit,
  size = "md",
  alert,
  closeButton = true,
  flushBody,
  testId,
  data,
}: KilnDialogProps) {
  const pending = !!action?.loading;
  const content = { "data-testid": testId, ...data, ...(size === "wide" ? { maxW: "min(1200px, calc(100vw - 2rem))" } : {}) };
  const frame = (
    <>
      <Dialog.Header {...(description ? { flexDirection: "column", alignItems: "flex-start", gap: "1" } : {})}>
        <Dialog.Title>{title}</Dialog.Title>
        {description && <Dialog.Description fontSize="sm">{description}</Dialog.Description>}
      </Dialog.Header>
      <Dialog.Body {...(flushBody ? { pt: "0" } : {})}>{children}</Dialog.Body>
      {(footer || action) && (
        <Dialog.Footer>
          {footer ?? (
            <>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={pending} data-testid={cancel?.testId}>
                  {cancel?.label ?? "Cancel"}
                </Button>
              </Dialog.ActionTrigger>
              {action && <ActionButton action={action} submits={!!onSubmit} />}
            </>
          )}
        </Dialog.Footer>
      )}
      {closeButton && (
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" disabled={pending} />
        </Dialog.CloseTrigger>
      )}
    </>
  );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !pending && onClose()}
      role={alert ? "alertdialog" : "dialog"}
      placement="center"
      scrollBehavior="inside"
      size={size === "wide" ? "xl" : size}
      closeOnEscape={!pending}
      closeOnInteractOutside={!pending}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {onSubmit ? (
            <Dialog.Content {...content} asChild>
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  onSubmit(e);
                }}
              >
                {frame}
              </form>
            </Dialog.Content>
          ) : (
            <Dialog.Content {...content}>
              {frame}
            </Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ActionButton({ action, submits }: { action: DialogAction; submits: boolean }) {
  const { label, onClick, href, loading, loadingText, disabled, tone = "brand", testId } = action;
  const colorPalette = palette[tone];
  if (href)
    return (
      <Button asChild colorPalette={colorPalette} data-testid={testId}>
        <a href={href}>{label}</a>
      </Button>
    );
  return (
    <Button
      type={onClick || !submits ? "button" : "submit"}
      colorPalette={colorPalette}
      onClick={onClick}
      loading={loading}
      loadingText={loadingText}
      disabled={disabled}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
