// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { memo, useMemo } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "../../schemas/app";
import type { ChatMessage } from "../../schemas/chat";
import { type FileMap, filesOf } from "../../web/src/components/editor/appFiles";
import { useChatInputs } from "../../web/src/components/editor/chatInputs";
import { mergeModel } from "../../web/src/realtime/merge";
import { appPatch } from "../../web/src/realtime/appPatch";

/** Issue 14: a file saved while the editor is open re-renders what shows that file, not the chat. */

afterEach(cleanup);

const message = (id: string, state?: ChatMessage["state"]): ChatMessage =>
  ({ id, role: "assistant", content: "Done.", metadata: { created_date: "2025-01-01T00:00:00.000Z", created_by_email: null }, state }) as ChatMessage;

const start = {
  id: "a1",
  name: "CRM",
  status: { state: "ready", details: null, last_updated_date: "2025-01-01T00:00:00.000Z" },
  conversation: { messages: [message("m1")], complete: true, total: 1 },
  frozen_files: [],
  pages: { Dashboard: "export default () => 'v1';" },
  components: {},
  entities: {},
  layout: null,
  functions: {},
} as unknown as App;

/** The chat as the editor gives it its inputs: the app and file map through useChatInputs, into a memoised panel. */
function editor(renders: { app: App; files: FileMap }[]) {
  const Chat = memo(function Chat(props: { app: App; files: FileMap }) {
    renders.push(props);
    return null;
  });
  return function Layout({ app }: { app: App }) {
    const files = useMemo(
      () => filesOf({ pages: app.pages, components: app.components, entities: app.entities, layout: app.layout, functions: app.functions }),
      [app.pages, app.components, app.entities, app.layout, app.functions],
    );
    const forChat = useChatInputs(app, files, app.conversation.messages);
    return <Chat app={forChat.app} files={forChat.files} />;
  };
}

/** The app after one realtime frame, merged as the editor's cache merges it. */
const after = (app: App, frame: Record<string, unknown>) => mergeModel(app, appPatch(app, frame) as Record<string, unknown>) as App;

describe("a file change while the editor is open", () => {
  it("does not re-render the chat when a file's content changes", () => {
    const renders: { app: App; files: FileMap }[] = [];
    const Layout = editor(renders);
    const { rerender } = render(<Layout app={start} />);
    const saved = after(start, { _files: { "pages/Dashboard": "export default () => 'v2';" } });
    expect(saved.pages.Dashboard).toBe("export default () => 'v2';");
    act(() => rerender(<Layout app={saved} />));
    expect(renders).toHaveLength(1);
  });

  it("re-renders the chat when a path appears, a field it shows changes, or a turn streams", () => {
    const renders: { app: App; files: FileMap }[] = [];
    const Layout = editor(renders);
    const { rerender } = render(<Layout app={start} />);
    const added = after(start, { _files: { "pages/Deals": "export default () => null;" } });
    act(() => rerender(<Layout app={added} />));
    expect(renders).toHaveLength(2);
    expect(Object.keys(renders[1].files)).toEqual(["pages/Dashboard", "pages/Deals"]);

    const renamed = after(added, { name: "Sales CRM" });
    act(() => rerender(<Layout app={renamed} />));
    expect(renders.at(-1)?.app.name).toBe("Sales CRM");

    const streaming = after(renamed, { _last_msg: message("m2", "streaming") });
    act(() => rerender(<Layout app={streaming} />));
    const count = renders.length;
    // While a turn streams, its steps' progress reads the files' content: a saved file reaches the chat.
    const written = after(streaming, { _files: { "pages/Deals": "export default () => 'deals';" } });
    act(() => rerender(<Layout app={written} />));
    expect(renders).toHaveLength(count + 1);
    expect(renders.at(-1)?.files["pages/Deals"]).toBe("export default () => 'deals';");
  });
});
