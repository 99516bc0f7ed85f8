import { describe, expect, it } from "vitest";
import { CodeQueries } from "../../functions/core/records/code-queries";

/** The fields an app's code queries, read when the code is saved so they are indexed before the first scan (issue 26). */
const fields = (source: string) => Object.fromEntries([...CodeQueries.fieldsOf(source)].map(([entity, set]) => [entity, [...set].sort()]));

describe("CodeQueries.fieldsOf", () => {
  it("reads filters and sorts of an entity imported from @/entities, in JSX", () => {
    const page = `
      import { useEffect, useState } from "react";
      import { Task } from "@/entities/Task";
      import { Project as P } from "@/api/entities";
      export default function Tasks({ projectId }: { projectId: string }) {
        const [rows, setRows] = useState([]);
        useEffect(() => { Task.filter({ project_id: projectId, status: "open", $or: [{ owner_email: "a" }, { "meta.x": 1 }] }, "-due_date").then(setRows); }, []);
        useEffect(() => { P.list("name"); }, []);
        return <ul>{rows.map((r) => <li key={r.id}>{r.title}</li>)}</ul>;
      }`;
    expect(fields(page)).toEqual({ Task: ["due_date", "owner_email", "project_id", "status"], Project: ["name"] });
  });

  it("reads base44.entities.X, asServiceRole, and names destructured from entities, in a TypeScript function", () => {
    const fn = `
      import { createClientFromRequest } from "npm:@base44/sdk";
      Deno.serve(async (req: Request) => {
        const base44 = createClientFromRequest(req);
        const orders: Array<{ id: string }> = await base44.asServiceRole.entities.Order.filter({ paid: false }, "placed_at");
        const { Customer } = base44.entities;
        await Customer.filter({ email: "x" });
        await base44.entities["Invoice"].list("-number");
        return Response.json(orders);
      });`;
    expect(fields(fn)).toEqual({ Order: ["paid", "placed_at"], Customer: ["email"], Invoice: ["number"] });
  });

  it("names nothing for other calls, unknown objects, or code that does not parse", () => {
    expect(fields(`const xs = [1, 2].filter((x) => x > 1); items.filter({ a: 1 }); Task.list();`)).toEqual({});
    expect(fields(`import { Task } from "@/entities/Task"; Task.filter({ a: `)).toEqual({});
  });
});
