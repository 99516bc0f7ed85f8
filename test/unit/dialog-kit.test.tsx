// @vitest-environment jsdom
import { ChakraProvider, Input } from "@chakra-ui/react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "../../web/src/components/ui/ConfirmDialog";
import { KilnDialog, type KilnDialogProps } from "../../web/src/components/ui/Dialog";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The dialog kit every Kiln dialog is built on (issue 9): frame, footer, form, confirmation, and no closing while pending. */

beforeAll(polyfillJsdom);
afterEach(cleanup);

const show = (node: ReactNode) => render(<ChakraProvider value={system}>{node}</ChakraProvider>);

/** A dialog whose open state is its own, as a screen keeps it; `onClose` reports each close. */
function Harness(props: Omit<KilnDialogProps, "open" | "onClose"> & { onClose?(): void }) {
  const [open, setOpen] = useState(true);
  return (
    <KilnDialog
      {...props}
      open={open}
      onClose={() => {
        props.onClose?.();
        setOpen(false);
      }}
    />
  );
}

const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
/** Escape, and every update it sets off settled (the dialog reports a close after the event) */
const escapeSettled = () => act(async () => void escape());

describe("KilnDialog", () => {
  it("shows the title, the line under it, the body, and Cancel beside the one primary action", async () => {
    const onClick = vi.fn();
    show(
      <Harness title="Give feedback" description="About this response" testId="kit" action={{ label: "Submit", onClick, testId: "kit-submit" }}>
        <p>the body</p>
      </Harness>,
    );
    const dialog = await screen.findByTestId("kit");
    expect(dialog.getAttribute("role")).toBe("dialog");
    expect(within(dialog).getByRole("heading", { name: "Give feedback" })).toBeTruthy();
    expect(dialog.getAttribute("aria-describedby")).toBe(within(dialog).getByText("About this response").id);
    expect(within(dialog).getByText("the body")).toBeTruthy();
    const footer = [...dialog.querySelectorAll("button")].map((b) => b.textContent);
    expect(footer).toEqual(["Cancel", "Submit", ""]); // the last is the ×, named "Close"
    fireEvent.click(within(dialog).getByTestId("kit-submit"));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("closes on Cancel, on ×, and on Escape", async () => {
    for (const close of [() => fireEvent.click(screen.getByRole("button", { name: "Cancel" })), () => fireEvent.click(screen.getByRole("button", { name: "Close" })), escape]) {
      const onClose = vi.fn();
      show(<Harness title="T" testId="kit" onClose={onClose} action={{ label: "Go", onClick: () => undefined }} />);
      await screen.findByTestId("kit");
      close();
      await waitFor(() => expect(screen.queryByTestId("kit")).toBeNull());
      expect(onClose).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });

  it("stays open while its action is pending: Escape does nothing, Cancel and × are disabled", async () => {
    const onClose = vi.fn();
    show(<Harness title="Publish" testId="kit" onClose={onClose} cancel={{ label: "Close", testId: "kit-cancel" }} action={{ label: "Publish", onClick: () => undefined, loading: true }} />);
    const dialog = await screen.findByTestId("kit");
    await escapeSettled();
    await act(async () => void fireEvent.click(screen.getByTestId("kit-cancel")));
    expect((screen.getByTestId("kit-cancel") as HTMLButtonElement).disabled).toBe(true);
    expect((dialog.querySelector('[aria-label="Close"]:not([data-testid])') as HTMLButtonElement).disabled).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId("kit")).toBe(dialog);
  });

  it("as a form, the action submits it, and so does Enter in a field", async () => {
    const onSubmit = vi.fn();
    show(
      <Harness title="Add Secret" testId="kit" onSubmit={onSubmit} action={{ label: "Add Secret", tone: "neutral" }}>
        <Input aria-label="Name" />
      </Harness>,
    );
    const dialog = await screen.findByTestId("kit");
    expect(dialog.tagName).toBe("FORM");
    const add = within(dialog).getByRole("button", { name: "Add Secret" }) as HTMLButtonElement;
    expect(add.type).toBe("submit");
    expect((within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).type).toBe("button");
    fireEvent.click(add);
    fireEvent.submit(within(dialog).getByLabelText("Name"));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit.mock.calls[0]![0].defaultPrevented).toBe(true);
  });

  it("an alert carries the alertdialog role, and a link action takes the user elsewhere", async () => {
    show(<Harness title="Subscription Required" alert testId="kit" action={{ label: "Upgrade", href: "/billing" }} />);
    const dialog = await screen.findByTestId("kit");
    expect(dialog.getAttribute("role")).toBe("alertdialog");
    expect(within(dialog).getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/billing");
  });

  it("without an action or a footer it has no footer; a footer of its own replaces Cancel and the action", async () => {
    show(<Harness title="Schema" testId="kit" />);
    expect([...(await screen.findByTestId("kit")).querySelectorAll("button")].map((b) => b.getAttribute("aria-label"))).toEqual(["Close"]);
    cleanup();
    show(<Harness title="Mine" testId="kit" footer={<button type="button">Done</button>} action={{ label: "Never shown", onClick: () => undefined }} />);
    const dialog = await screen.findByTestId("kit");
    expect(within(dialog).queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(within(dialog).queryByText("Never shown")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Done" })).toBeTruthy();
  });
});

describe("ConfirmDialog on the kit", () => {
  it("asks with its title, text and action; Cancel closes; the action confirms; its test ids stand", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    show(
      <ConfirmDialog
        confirmation={{ title: "Regenerate API key?", text: "This cannot be undone.", action: "Regenerate key" }}
        testIds={{ dialog: "regen", action: "regen-go" }}
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByTestId("regen");
    expect(dialog.getAttribute("role")).toBe("alertdialog");
    expect(dialog.textContent).toContain("Regenerate API key?");
    expect(dialog.textContent).toContain("This cannot be undone.");
    expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull(); // a confirmation is answered, not dismissed with ×
    fireEvent.click(within(dialog).getByTestId("regen-go"));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("its action is red by default and brand with tone brand; pending and disabled hold the action", async () => {
    // the palette a button's own class points its colours at
    const palette = (el: HTMLElement) => {
      const own = [...el.classList].filter((c) => c.startsWith("css-"));
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).filter((t) => own.some((c) => t.includes(`.${c}`)));
      return rules.join("\n").match(/color-palette-solid: var\(--chakra-colors-([a-z]+)-solid\)/)?.[1];
    };
    show(<ConfirmDialog confirmation={{ title: "Delete?", text: "Gone.", action: "Delete" }} onConfirm={() => undefined} onClose={() => undefined} />);
    expect(palette(await screen.findByTestId("confirm-action"))).toBe("red");
    cleanup();
    const onClose = vi.fn();
    show(<ConfirmDialog confirmation={{ title: "Upgrade?", text: "Now.", action: "Upgrade" }} tone="brand" disabled pending onConfirm={() => undefined} onClose={onClose} />);
    const action = (await screen.findByTestId("confirm-action")) as HTMLButtonElement;
    expect(palette(action)).toBe("brand");
    expect(action.disabled).toBe(true);
    await escapeSettled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
