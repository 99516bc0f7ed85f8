import { SendEmailCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { Config } from "./config";
import { db, table } from "./db";
import { Keys, stripKeys } from "./keys";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** E-mail: SES in the cloud, the table's outbox on one machine (viewable at /api/local/outbox). */
export namespace Mail {
  let ses: SESv2Client | undefined;

  export async function send(mail: Mail): Promise<void> {
    if (Config.isLocal) {
      const id = ulid();
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...Keys.outbox(id), id, ...mail, from: Config.kiln.mailFrom, created_date: new Date().toISOString() },
        }),
      );
      return;
    }
    ses ??= new SESv2Client({});
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: Config.kiln.mailFrom,
        Destination: { ToAddresses: [mail.to] },
        Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
      }),
    );
  }

  /** The local outbox, newest first. */
  export async function outbox(limit = 50) {
    const { Items } = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :p",
        ExpressionAttributeValues: { ":p": Keys.outboxPartition },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (Items ?? []).map(stripKeys);
  }
}
