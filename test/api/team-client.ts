import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { expect } from "vitest";
import { Keys } from "../../functions/core/keys";
import type { StackProcess } from "../../stacks/local/child";

/** A client of a team's Kiln (`npm run team`) started by a test, for test/api/team-*.test.ts. */

export const PASSWORD = "correct horse battery";

/** A client of one team stack: HTTP calls, and the last code mailed to an address. */
export function teamClient(stack: StackProcess) {
  const request = async (method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      redirect: "manual",
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, body: json, location: res.headers.get("location") };
  };
  const table = JSON.parse(stack.links.SST_RESOURCE_Table).name as string;
  const dynamo = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.links.AWS_ENDPOINT_URL_DYNAMODB,
      region: stack.links.AWS_REGION,
      credentials: { accessKeyId: stack.links.AWS_ACCESS_KEY_ID, secretAccessKey: stack.links.AWS_SECRET_ACCESS_KEY },
    }),
  );
  /** The code in the last mail with this subject to an address. */
  const codeMailed = async (email: string, subject: string) => {
    const { Items = [] } = await dynamo.send(
      new QueryCommand({ TableName: table, KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.outboxPartition }, ScanIndexForward: false }),
    );
    const mail = Items.find((m) => m.to === email && m.subject === subject);
    const code = /is (\d{6})\./.exec(String(mail?.text ?? ""))?.[1];
    if (!code) throw new Error(`no code was mailed to ${email}`);
    return code;
  };
  const lastCode = (email: string) => codeMailed(email, "Your verification code for Kiln");
  /** Ages the code stored for an address past its expiry, as waiting out its ten minutes would. */
  const expireCode = (email: string) =>
    dynamo.send(new UpdateCommand({ TableName: table, Key: Keys.passwordCredentials(email), UpdateExpression: "SET otp_expires_at = :past", ExpressionAttributeValues: { ":past": Date.now() - 1000 } }));
  /** Sign up and enter the mailed code: the new account's token. */
  const signUp = async (email: string, password = PASSWORD) => {
    expect((await request("POST", "/api/auth/password/sign-up", { email, password })).status).toBe(200);
    const verified = await request("POST", "/api/auth/password/verify", { email, password, code: await lastCode(email) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    return verified.body.access_token as string;
  };
  /** Sign in with the password and the mailed code: the status of the first step, and the token when both passed. */
  const signIn = async (email: string, password = PASSWORD): Promise<{ status: number; token?: string }> => {
    const first = await request("POST", "/api/auth/password/sign-in", { email, password });
    if (first.status !== 200) return { status: first.status };
    const verified = await request("POST", "/api/auth/password/verify", { email, password, code: await lastCode(email) });
    return { status: verified.status, token: verified.body?.access_token };
  };
  const me = async (token: string) => (await request("GET", "/api/auth/me", undefined, token)).body;
  return { request, lastCode, codeMailed, expireCode, signUp, signIn, me, close: () => dynamo.destroy() };
}

export type TeamClient = ReturnType<typeof teamClient>;
