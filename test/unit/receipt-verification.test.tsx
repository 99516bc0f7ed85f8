// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Receipt } from "../../schemas/chat";
import { ReceiptSummary } from "../../web/src/components/editor/ReceiptSummary";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** A turn's check in a browser, as the chat shows it on the message (issue 24 §1). */

beforeAll(polyfillJsdom);
afterEach(cleanup);

const BROKEN = "Page Home (/Home): pages/Home: error shown: Error in pages/Home: Totals are not ready";

function receipt(verification: Receipt["verification"]): Receipt {
  return {
    files: { added: ["pages/Home"], modified: [], deleted: [] },
    entities: { added: [], removed: [] },
    pages: { added: ["Home"], removed: [] },
    unrequested_removals: [],
    charge: { credits: 1, refunded: verification?.status === "failed" },
    verification,
  };
}

const base = { reason: null, record_check: null, duration_ms: 2100 };
const page = (status: "passed" | "failed") => ({ name: "Home", path: "/Home", status, errors: [], duration_ms: 900 });

describe("the receipt's verification", () => {
  it("a failed check names what is still broken, and the turn reads as not charged", () => {
    render(
      <ChakraProvider value={system}>
        <ReceiptSummary receipt={receipt({ ...base, status: "failed", pages: [page("failed")], summary: "Verification failed: 1 problem on Home (2.1 s)", fixed: [], broken: [BROKEN] })} />
      </ChakraProvider>,
    );
    const note = screen.getByTestId("receipt-verification");
    expect(note.dataset.status).toBe("failed");
    expect(note.textContent).toBe(`Verification failed: 1 problem on Home (2.1 s)${BROKEN}`);
    expect(screen.getByTestId("receipt-line").textContent).toBe("Changed 1 file · added page Home · Not charged");
  });

  it("a passed check says what the automated fix resolved", () => {
    render(
      <ChakraProvider value={system}>
        <ReceiptSummary receipt={receipt({ ...base, status: "passed", pages: [page("passed")], summary: "Verified in a browser: 1 page rendered with no errors (2.1 s)", fixed: [BROKEN], broken: [] })} />
      </ChakraProvider>,
    );
    const note = screen.getByTestId("receipt-verification");
    expect(note.dataset.status).toBe("passed");
    expect(note.textContent).toBe(`Verified in a browser: 1 page rendered with no errors (2.1 s)Fixed automatically: ${BROKEN}`);
  });

  it("a turn that was not checked shows nothing of it", () => {
    render(
      <ChakraProvider value={system}>
        <ReceiptSummary receipt={receipt(undefined)} />
      </ChakraProvider>,
    );
    expect(screen.queryByTestId("receipt-verification")).toBeNull();
  });
});
