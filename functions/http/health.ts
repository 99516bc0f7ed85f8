import { HeadBucketCommand } from "@aws-sdk/client-s3";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../core/db";
import { Storage } from "../core/storage";
import { Config } from "../core/config";
import { callGroup } from "./group";

async function probe(check: () => Promise<unknown>): Promise<"ok" | "down"> {
  try {
    await check();
    return "ok";
  } catch {
    return "down";
  }
}

export const { app, handler } = callGroup("health", {
  async health(c) {
    const parts = {
      table: await probe(() => db().send(new GetCommand({ TableName: table(), Key: { pk: "HEALTH", sk: "HEALTH" } }))),
      bucket: await probe(() => Storage.client().send(new HeadBucketCommand({ Bucket: Config.bucket }))),
    };
    const ok = Object.values(parts).every((p) => p === "ok");
    return c.json({ status: ok ? "ok" : "degraded", parts }, ok ? 200 : 503);
  },
});
