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
  /** an HTML version, when the sender wrote HTML (a generated app's SendEmail) */
  html?: string;
  /** the sender's display name instead of Kiln's (e.g. the app's name); the address stays Kiln's */
  fromName?: string;
}

/** E-mail: SES in the cloud, the table's outbox on one machine (viewable at /api/local/outbox). */
export namespace Mail {
  let ses: SESv2Client | undefined;

  /** "Kiln <no-reply@x>" with another display name: "My App <no-reply@x>" (quoted, so no name can add an address). */
  function sender(fromName: string | undefined): string {
    if (!fromName) return Config.kiln.mailFrom;
    const address = /<([^>]+)>/.exec(Config.kiln.mailFrom)?.[1] ?? Config.kiln.mailFrom;
    return `"${fromName.replace(/["\\\r\n]/g, "")}" <${address}>`;
  }

  export async function send(mail: Mail): Promise<void> {
    const { fromName, ...message } = mail;
    const from = sender(fromName);
    if (Config.isLocal) {
      const id = ulid();
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...Keys.outbox(id), id, ...message, from, created_date: new Date().toISOString() },
        }),
      );
      return;
    }
    ses ??= new SESv2Client({});
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject },
            Body: { Text: { Data: mail.text }, ...(mail.html ? { Html: { Data: mail.html } } : {}) },
          },
        },
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
