import type { SESv2Client } from "@aws-sdk/client-sesv2";
import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { ulid } from "ulid";
import { Config } from "./config";
import { db, table } from "./db";
import { VisibleError } from "./errors";
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

/** The SMTP server `SMTP_URL` names, as far as it may be shown: never with its password. */
export interface SmtpServer {
  url: string;
  /** `host:port`, for logs and the start-up banner */
  server: string;
  /** what every log line and answer is cleaned of */
  password: string;
}

const SMTP_SHAPE = "SMTP_URL must look like smtps://user:password@smtp.example.com:465 or smtp://user:password@smtp.example.com:587";
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "::1", "[::1]"];

/**
 * E-mail: SES in the cloud; on one machine an SMTP server when `SMTP_URL` names one (`npm run team`, or `npm start`),
 * otherwise the table's outbox (viewable at /api/local/outbox). The SES client and nodemailer's transport are loaded
 * by the first send, not by every handler that may send (together some 300 KB of a cold start).
 */
export namespace Mail {
  let ses: SESv2Client | undefined;
  let smtp: { url: string; transport: Transporter } | undefined;

  /** "Kiln <no-reply@x>" with another display name: "My App <no-reply@x>" (quoted, so no name can add an address). */
  function sender(fromName: string | undefined): string {
    if (!fromName) return Config.kiln.mailFrom;
    const address = /<([^>]+)>/.exec(Config.kiln.mailFrom)?.[1] ?? Config.kiln.mailFrom;
    return `"${fromName.replace(/["\\\r\n]/g, "")}" <${address}>`;
  }

  /** `SMTP_URL`: undefined when unset, a message for the operator (without the URL, so without its password) when malformed. */
  export function smtpServerOf(env: NodeJS.ProcessEnv = process.env): SmtpServer | string | undefined {
    const url = env.SMTP_URL?.trim();
    if (!url) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `${SMTP_SHAPE}; it is not a URL.`;
    }
    if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") return `${SMTP_SHAPE}; it starts with "${parsed.protocol}".`;
    if (!parsed.hostname) return `${SMTP_SHAPE}; it names no server.`;
    if (parsed.pathname && parsed.pathname !== "/") return `${SMTP_SHAPE}; it has a path after the server.`;
    const port = parsed.port || (parsed.protocol === "smtps:" ? "465" : "587");
    return { url, server: `${parsed.hostname}:${port}`, password: parseConnectionUrl(url).auth?.pass ?? "" };
  }

  /** `MAIL_FROM`: one address, optionally with a name ("Kiln <kiln@example.com>"); a message for the operator otherwise. */
  export function senderProblem(value: string): string | undefined {
    const parsed = addressparser(value);
    const address = parsed.length === 1 ? parsed[0].address : undefined;
    if (!address || !/^[^@\s]+@[^@\s]+$/.test(address)) return `MAIL_FROM must be one e-mail address, like "Kiln <kiln@example.com>", not "${value}".`;
    return undefined;
  }

  export async function send(mail: Mail): Promise<void> {
    const { fromName, ...message } = mail;
    const from = sender(fromName);
    if (Config.isLocal) {
      const server = smtpServerOf();
      if (typeof server === "string") throw notSent(message.to, "SMTP_URL", new Error(server), "");
      if (server) return sendSmtp(server, { ...message, from });
      const id = ulid();
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...Keys.outbox(id), id, ...message, from, created_date: new Date().toISOString() },
        }),
      );
      return;
    }
    const { SESv2Client, SendEmailCommand } = await import("@aws-sdk/client-sesv2");
    ses ??= new SESv2Client({});
    try {
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
    } catch (err) {
      throw notSent(mail.to, "SES", err, "");
    }
  }

  async function sendSmtp(server: SmtpServer, message: Omit<Mail, "fromName"> & { from: string }) {
    const { createTransport } = await import("nodemailer");
    if (smtp?.url !== server.url) {
      smtp?.transport.close();
      smtp = { url: server.url, transport: createTransport(transportOptions(server.url)) };
    }
    try {
      await smtp.transport.sendMail(message);
    } catch (err) {
      throw notSent(message.to, server.server, err, server.password);
    }
  }

  /**
   * SMTP_URL's settings (its query may add nodemailer's, e.g. `?tls.rejectUnauthorized=false`) over ours: a stalled
   * server fails a request within the API's time, and a password crosses the network only encrypted (STARTTLS required
   * on smtp:// unless the server is on this machine).
   */
  function transportOptions(url: string) {
    const options = parseConnectionUrl(url);
    const loopback = LOOPBACK_HOSTS.includes(options.host ?? "") || (options.host ?? "").startsWith("127.");
    return {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
      requireTLS: !options.secure && !!options.auth && !loopback,
      ...options,
    };
  }

  /** A send that failed: logged for the operator with the recipient and the server's answer, shown to the caller without either. */
  function notSent(to: string, via: string, err: unknown, password: string): VisibleError {
    const { message = String(err), code } = err as { message?: string; code?: string };
    const why = password ? message.split(password).join("***").split(encodeURIComponent(password)).join("***") : message;
    console.error(`[mail] could not send an e-mail to ${to} through ${via}: ${why}${code ? ` (${code})` : ""}`);
    return new VisibleError("upstream", "The e-mail could not be sent: the mail server did not accept it. Please try again later.");
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
