import { describe, expect, it } from "vitest";
import { mergeModel } from "../../web/src/realtime/merge";

type Message = { id: string; content: string };
type Model = { id: string; name: string; status?: string; conversation?: { id?: string; messages?: Message[] } };

const model = (): Model => ({
  id: "app1",
  name: "Old",
  status: "draft",
  conversation: { id: "c1", messages: [{ id: "m1", content: "hi" }, { id: "m2", content: "thinking" }] },
});

describe("mergeModel", () => {
  it("leaves an undefined current undefined", () => {
    expect(mergeModel<Model>(undefined, { name: "New", _last_msg: { id: "m1", content: "x" } })).toBeUndefined();
  });

  it("pushed fields replace the model's fields, the rest stays", () => {
    expect(mergeModel(model(), { name: "New", extra: 1 })).toEqual({ ...model(), name: "New", extra: 1 });
  });

  it("_last_msg replaces the message with the same id in conversation.messages", () => {
    const merged = mergeModel(model(), { _last_msg: { id: "m2", content: "done" } })!;
    expect(merged.conversation).toEqual({ id: "c1", messages: [{ id: "m1", content: "hi" }, { id: "m2", content: "done" }] });
  });

  it("_last_msg with a new id is appended", () => {
    const merged = mergeModel(model(), { _last_msg: { id: "m3", content: "new" } })!;
    expect(merged.conversation!.messages!.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(merged.conversation!.messages![2]).toEqual({ id: "m3", content: "new" });
  });

  it("_last_msg starts the message list when the model has no conversation", () => {
    const merged = mergeModel<Model>({ id: "app1", name: "x" }, { _last_msg: { id: "m1", content: "first" } })!;
    expect(merged.conversation).toEqual({ messages: [{ id: "m1", content: "first" }] });
  });

  it("_last_msg is applied after a pushed conversation field", () => {
    const merged = mergeModel(model(), {
      conversation: { id: "c2", messages: [{ id: "a", content: "A" }] },
      _last_msg: { id: "a", content: "A2" },
    })!;
    expect(merged.conversation).toEqual({ id: "c2", messages: [{ id: "a", content: "A2" }] });
  });

  it("_last_msg itself is not copied onto the model as a field", () => {
    const merged = mergeModel(model(), { name: "New", _last_msg: { id: "m9", content: "z" } })!;
    expect(merged).not.toHaveProperty("_last_msg");
  });

  it("does not mutate the current model or the pushed data", () => {
    const current = model();
    const data = { name: "New", _last_msg: { id: "m2", content: "done" } };
    const before = structuredClone(current);
    const dataBefore = structuredClone(data);
    const merged = mergeModel(current, data);
    expect(merged).not.toBe(current);
    expect(current).toEqual(before);
    expect(data).toEqual(dataBefore);

    const appended = mergeModel(current, { _last_msg: { id: "m3", content: "new" } })!;
    expect(appended.conversation!.messages).not.toBe(current.conversation!.messages);
    expect(current).toEqual(before);
  });
});
