import { InvokeCommand, LambdaClient } from "@aws-sdk/client-lambda";

/**
 * An asynchronous ("Event") invoke of a Lambda. jobs.ts loads this module with a handler's first job:
 * importing Kiln's module rather than the SDK's namespace keeps esbuild tree-shaking the Lambda client's commands.
 */
let lambda: LambdaClient | undefined;

export async function invokeEvent(functionName: string, payload: unknown): Promise<void> {
  lambda ??= new LambdaClient({});
  await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: "Event", Payload: new TextEncoder().encode(JSON.stringify(payload)) }));
}
