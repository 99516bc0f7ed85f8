// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import type { Checkpoint } from "../../schemas/chat";
import { VersionHistory } from "../../web/src/components/workspace/history/VersionHistory";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The Version History panel's states (spec 02 Version History; issue 5 "code only" or "code and data"). */

beforeAll(polyfillJsdom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const task = (rls?: object) => ({ name: "Task", type: "object", properties: { title: { type: "string" } }, required: [], ...(rls ? { rls } : {}) });
const OWN_ROWS = { read: { created_by: "{{user.email}}" } };
/** Now: Dashboard edited, a Notes page added, and a rule on Task saved after the checkpoints. */
const app = {
  id: "app1",
  pages: { Dashboard: "export default () => 'now';", Notes: "export default () => null;" },
  components: {},
  functions: {},
  layout: null,
  entities: { Task: task(OWN_ROWS) },
} as unknown as App;
/** At each checkpoint: the old Dashboard, an Archive page since removed, Task without the rule. */
const savedFiles = {
  "pages/Dashboard": "export default () => 'then';",
  "pages/Archive": "export default () => null;",
  "entities/Task": JSON.stringify(task()),
};
const cp = (id: string, name: string, data_snapshot: Checkpoint["data_snapshot"], record_count = 0): Checkpoint => ({
  id,
  app_id: "app1",
  name,
  created_date: "2026-11-20T10:00:00.000Z",
  message_id: null,
  file_count: 1,
  data_snapshot,
  record_count,
});
const checkpoints = [cp("CP2", "Before: add a priority field", "saved", 3), cp("CP1", "Empty app (before: A CRM)", "none")];

function show() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    if (url.endsWith("/app-checkpoints")) return json(checkpoints);
    if (url.endsWith("/file-tree")) return json({ files: savedFiles });
    if (url.endsWith("/load") && init?.method === "POST") {
      const { restore_data } = JSON.parse(String(init.body));
      return json({ success: true, files: {}, data: restore_data ? { entities: ["Task"], records: 3 } : null });
    }
    return new Response("{}", { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <VersionHistory app={app} onClose={onClose} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { fetch, onClose };
}

describe("VersionHistory", () => {
  it("lists checkpoints by name and date and shows the selected one's files", async () => {
    const { fetch } = show();
    const items = await screen.findAllByTestId("checkpoint-item");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toMatch(/Before: add a priority fieldNov 20, 2026 \d\d:00/);
    expect(items[1]!.textContent).toContain("Empty app (before: A CRM)");
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith("/app-checkpoints/CP2/file-tree"))).toBe(true));
    fireEvent.click(items[1]!);
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith("/app-checkpoints/CP1/file-tree"))).toBe(true));
  });

  it("restores code and data after the confirmation, then closes", async () => {
    const { fetch, onClose } = show();
    fireEvent.click(await screen.findByTestId("checkpoint-restore"));
    const dialog = await screen.findByTestId("restore-dialog");
    expect(dialog.textContent).toContain("cannot be undone");
    fireEvent.click(within(dialog).getByTestId("restore-code-and-data").querySelector("input")!);
    await waitFor(() => expect(dialog.textContent).toContain("records added since will be deleted"));
    fireEvent.click(within(dialog).getByTestId("restore-confirm"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const load = fetch.mock.calls.find(([u]) => String(u).endsWith("/app-checkpoints/CP2/load"))!;
    expect(JSON.parse(String(load[1]!.body))).toEqual({ restore_data: true, restore_rules: false });
  });

  it("offers code only for a checkpoint made before data snapshots", async () => {
    const { fetch } = show();
    fireEvent.click((await screen.findAllByTestId("checkpoint-item"))[1]!);
    fireEvent.click(await screen.findByTestId("checkpoint-restore"));
    const dialog = await screen.findByTestId("restore-dialog");
    expect(dialog.textContent).toContain("made before data was saved with checkpoints");
    expect(within(dialog).getByTestId("restore-code-and-data").querySelector("input")!.disabled).toBe(true);
    fireEvent.click(within(dialog).getByTestId("restore-confirm"));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith("/app-checkpoints/CP1/load"))).toBe(true));
    const load = fetch.mock.calls.find(([u]) => String(u).endsWith("/app-checkpoints/CP1/load"))!;
    expect(JSON.parse(String(load[1]!.body))).toEqual({ restore_data: false, restore_rules: false });
  });

  it("says exactly what a restore changes: files changed, brought back and removed; rules kept unless chosen; data kept unless chosen", async () => {
    const { fetch } = show();
    fireEvent.click(await screen.findByTestId("checkpoint-restore"));
    const dialog = await screen.findByTestId("restore-dialog");
    const summary = () => [...within(dialog).getByTestId("restore-summary").querySelectorAll("li")].map((li) => li.textContent);
    await waitFor(() => expect(within(dialog).getByTestId("restore-summary")).toBeTruthy());
    expect(summary()).toEqual([
      "Code: 1 file changed: pages/Dashboard.",
      "Code: 1 file brought back: pages/Archive.",
      "Code: 1 file removed: pages/Notes.",
      "Security rules: every entity that exists now keeps its current rules.",
      "Data: the records stay as they are now.",
    ]);

    fireEvent.click(within(dialog).getByTestId("restore-rules").querySelector("input")!);
    await waitFor(() => expect(summary()).toContain("Security rules: restored from this version for Task."));
    fireEvent.click(within(dialog).getByTestId("restore-code-and-data").querySelector("input")!);
    await waitFor(() =>
      expect(summary()).toContain("Data: every entity's records will be replaced with the 3 records it had at this version; records added since will be deleted."),
    );
    // the rule on Task is the only entity change: with the rules restored, Task's file changes too
    expect(summary()[0]).toBe("Code: 2 files changed: entities/Task, pages/Dashboard.");

    fireEvent.click(within(dialog).getByTestId("restore-confirm"));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith("/app-checkpoints/CP2/load"))).toBe(true));
    const load = fetch.mock.calls.find(([u]) => String(u).endsWith("/app-checkpoints/CP2/load"))!;
    expect(JSON.parse(String(load[1]!.body))).toEqual({ restore_data: true, restore_rules: true });
  });

  it("leaves the rules choice off when this version's rules are the ones the app has now", async () => {
    app.entities.Task = task() as App["entities"][string];
    try {
      show();
      fireEvent.click(await screen.findByTestId("checkpoint-restore"));
      const dialog = await screen.findByTestId("restore-dialog");
      await waitFor(() => expect(within(dialog).getByTestId("restore-summary")).toBeTruthy());
      expect(within(dialog).getByTestId("restore-rules").querySelector("input")!.disabled).toBe(true);
    } finally {
      app.entities.Task = task(OWN_ROWS) as App["entities"][string];
    }
  });
});
