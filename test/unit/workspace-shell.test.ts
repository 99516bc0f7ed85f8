import { describe, expect, it } from "vitest";
import { type ActivityEntry, FILTERS, entryLine, matches, nextFilter, truncate } from "../../web/src/components/workspace/network/activity";
import { nameProblem } from "../../web/src/components/workspace/overview/name";

const status = (state: "ready" | "processing" | "error") => ({ status: { state, details: null, last_updated_date: "2026-01-01T00:00:00Z" } });

describe("renaming an app (spec 02 §5)", () => {
  it("refuses an empty name, and any rename while the app is not ready", () => {
    expect(nameProblem(status("ready"), "  ")).toBe("App name cannot be empty");
    expect(nameProblem(status("processing"), "New name")).toBe("App is still loading... name not updated");
    expect(nameProblem(status("ready"), "New name")).toBeNull();
  });
});

describe("the network activity panel (spec 02)", () => {
  const request = (statusCode: number | null): ActivityEntry => ({
    kind: "request",
    id: `r${statusCode}`,
    url: "http://preview--x.localhost/api/apps/abc/entities/Task?sort=-created_date&limit=50&skip=0",
    method: "get",
    body: null,
    status: statusCode === null ? "pending" : "completed",
    statusCode,
    response: null,
    start: 0,
    end: null,
    duration: null,
  });
  const log = (severity: string): ActivityEntry => ({ kind: "log", id: severity, message: "x".repeat(80), severity, component: null, timestamp: 0 });

  it("the filter cycles all → requests → logs → success → error → all", () => {
    const seen: (typeof FILTERS)[number][] = [FILTERS[0]];
    for (let i = 0; i < 5; i++) seen.push(nextFilter(seen.at(-1)!));
    expect(seen).toEqual(["all", "requests", "logs", "success", "error", "all"]);
  });

  it("sorts entries into the filters", () => {
    const entries = [request(200), request(404), request(null), log("info"), log("error")];
    const ids = (filter: (typeof FILTERS)[number]) => entries.filter((e) => matches(e, filter)).map((e) => e.id);
    expect(ids("all")).toHaveLength(5);
    expect(ids("requests")).toEqual(["r200", "r404", "rnull"]);
    expect(ids("logs")).toEqual(["info", "error"]);
    expect(ids("success")).toEqual(["r200", "info"]);
    expect(ids("error")).toEqual(["r404", "error"]);
  });

  it("list lines are cut at 60 characters", () => {
    expect(truncate(entryLine(log("info")))).toBe(`${"x".repeat(60)}…`);
    expect(entryLine(request(200))).toMatch(/^GET \/api\/apps\/abc\/entities\/Task/);
    expect(truncate("short")).toBe("short");
  });
});
