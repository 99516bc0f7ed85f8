import { type CodingWriteBody, CodingWriteResult } from "../../../schemas/coding";
import { call } from "./client";

/** Manual edits of an app's files (spec 01 §7 Coding). */
export const Coding = {
  write: (appId: string, body: CodingWriteBody) => call("POST /api/apps/{id}/coding/write", { params: { id: appId }, body, schema: CodingWriteResult }),
};
