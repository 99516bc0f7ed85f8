import { describe, expect, it } from "vitest";
import { SocketAction, SocketEvent } from "../../schemas/realtime";

describe("SocketAction", () => {
  it("accepts hello, join and leave", () => {
    expect(SocketAction.parse({ action: "hello" })).toEqual({ action: "hello" });
    expect(SocketAction.parse({ action: "join", room: "01JAPPID" })).toEqual({ action: "join", room: "01JAPPID" });
    expect(SocketAction.parse({ action: "leave", room: "user:abc_1-2" })).toEqual({ action: "leave", room: "user:abc_1-2" });
  });

  it("rejects an unknown action", () => {
    expect(SocketAction.safeParse({ action: "subscribe", room: "a" }).success).toBe(false);
    expect(SocketAction.safeParse({}).success).toBe(false);
  });

  it("rejects join/leave without a room, with an empty room, or a room with spaces", () => {
    expect(SocketAction.safeParse({ action: "join" }).success).toBe(false);
    expect(SocketAction.safeParse({ action: "join", room: "" }).success).toBe(false);
    expect(SocketAction.safeParse({ action: "join", room: "my room" }).success).toBe(false);
    expect(SocketAction.safeParse({ action: "leave", room: "a/b" }).success).toBe(false);
  });

  it("accepts a room of 128 characters and rejects one of 129", () => {
    expect(SocketAction.safeParse({ action: "join", room: "r".repeat(128) }).success).toBe(true);
    expect(SocketAction.safeParse({ action: "join", room: "r".repeat(129) }).success).toBe(false);
  });
});

describe("SocketEvent", () => {
  it("accepts update_model with a null or string sender_sid, and rejects it without data", () => {
    const event = { event: "update_model", room: "a", data: { name: "x" }, sender_sid: null };
    expect(SocketEvent.parse(event)).toEqual(event);
    expect(SocketEvent.parse({ ...event, sender_sid: "s1" }).event).toBe("update_model");
    expect(SocketEvent.safeParse({ event: "update_model", room: "a", sender_sid: null }).success).toBe(false);
  });

  it("rejects an unknown event", () => {
    expect(SocketEvent.safeParse({ event: "nope" }).success).toBe(false);
  });
});
