// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import { Toaster } from "../../web/src/components/ui/toaster";
import { UsersView } from "../../web/src/components/workspace/users/UsersView";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The app's Users table (spec 02 §2) against a stubbed API: deleting a user asks first (issue 8). */

beforeAll(polyfillJsdom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const app = { id: "app1", entities: {}, user_entity: null } as unknown as App;
const stamp = "2026-01-02T03:04:05.000Z";
const person = (id: string, email: string, full_name: string | null) => ({
  id, app_id: "app1", email, full_name, role: "user", _app_role: "user", is_verified: true, is_service: false, disabled: false,
  invited: true, platform_user_id: null, created_date: stamp, updated_date: stamp, created_by: null,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function show() {
  const deletes: string[] = [];
  let users = [person("u1", "ada@example.com", "Ada Lovelace"), person("u2", "alan@example.com", null)];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "DELETE") {
        deletes.push(url);
        users = users.filter((u) => !url.endsWith(`/User/${u.id}`));
        return json(200, { success: true });
      }
      if (url.includes("/entities/User")) return json(200, users);
      return json(404, { detail: "Not found" });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <UsersView app={app} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return deletes;
}

const deleteButtonOf = async (email: string) => {
  const row = (await screen.findAllByTestId("user-row")).find((r) => r.dataset.email === email)!;
  return within(row).getByTestId("delete-user");
};

describe("UsersView", () => {
  it("a user's delete asks first, naming them: Cancel deletes nothing, Delete removes that user only", async () => {
    const deletes = show();
    fireEvent.click(await deleteButtonOf("ada@example.com"));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Delete this user?");
    expect(dialog.textContent).toContain('"Ada Lovelace" will be removed from this app. This cannot be undone.');
    fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
    expect(deletes).toEqual([]);
    expect(screen.getAllByTestId("user-row")).toHaveLength(2);

    fireEvent.click(await deleteButtonOf("ada@example.com"));
    fireEvent.click(within(await screen.findByTestId("confirm-dialog")).getByTestId("confirm-action"));
    await screen.findByText("User deleted");
    expect(deletes).toEqual([expect.stringMatching(/\/api\/apps\/app1\/entities\/User\/u1$/)]);
    await waitFor(() => expect(screen.getAllByTestId("user-row").map((r) => r.dataset.email)).toEqual(["alan@example.com"]));
  });

  it("names a user without a full name by their e-mail, and opens no edit sheet on the way", async () => {
    show();
    fireEvent.click(await deleteButtonOf("alan@example.com"));
    expect((await screen.findByTestId("confirm-dialog")).textContent).toContain('"alan@example.com" will be removed from this app.');
    expect(screen.queryByTestId("record-sheet")).toBeNull();
  });
});
