import { InvokeCommand, LambdaClient } from "@aws-sdk/client-lambda";

/**
 * Invokes of a Lambda: asynchronous ("Event", a job) and synchronous (a call of the function sandbox). jobs.ts and
 * backend/sandbox.ts load this module with their first invoke, so no handler's cold start loads the Lambda client;
 * importing Kiln's module rather than the SDK's namespace keeps esbuild tree-shaking the client's commands.
 */
let lambda: LambdaClient | undefined;

export async function invokeEvent(functionName: string, payload: unknown): Promise<void> {
  lambda ??= new LambdaClient({});
  await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: "Event", Payload: new TextEncoder().encode(JSON.stringify(payload)) }));
}

/** A synchronous invoke: the function's answer, or undefined when it failed or answered nothing. */
export async function invokeSync(functionName: string, payload: unknown): Promise<unknown> {
  lambda ??= new LambdaClient({});
  const out = await lambda.send(new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify(payload)) }));
  if (out.FunctionError || !out.Payload) return undefined;
  return JSON.parse(new TextDecoder().decode(out.Payload));
}
