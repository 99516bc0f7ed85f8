// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../schemas/app";
import { SecurityView } from "../../web/src/components/workspace/security/SecurityView";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The Security view's warning when a rule reads a user field users can set on themselves (issue 8). */

beforeAll(polyfillJsdom);
afterEach(cleanup);

const note = { name: "Note", type: "object", properties: { team: { type: "string" } }, rls: { read: { "data.team": "{{user.data.team}}" }, write: { "data.team": "{{user.data.team}}" } } };
const appWith = (userTeam: Record<string, unknown>) =>
  ({ id: "app1", public_settings: "public_with_login", user_entity: null, entities: { Note: note, User: { name: "User", type: "object", properties: { team: userTeam } } } }) as unknown as App;

function show(app: App) {
  const client = new QueryClient();
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <SecurityView app={app} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe("SecurityView", () => {
  it("warns, on the list and in the entity's rules, when users can set a field a rule reads", () => {
    show(appWith({ type: "string", rls: { write: true } }));
    expect(screen.getByTestId("self-grant-warning").textContent).toContain("Users can change a field these rules read: team");
    fireEvent.click(screen.getByTestId("security-entity-Note"));
    expect(screen.getByTestId("rules-editor")).toBeTruthy();
    expect(screen.getByTestId("self-grant-warning").textContent).toContain("(Note)");
  });

  it("says nothing while the field is left to the app's admins", () => {
    show(appWith({ type: "string" }));
    expect(screen.queryByTestId("self-grant-warning")).toBeNull();
  });
});
