import type { TestProject } from "vitest/node";
import { startLocalStackProcess } from "../../stacks/local/child";

declare module "vitest" {
  export interface ProvidedContext {
    apiUrl: string;
    socketUrl: string;
  }
}

/** The real local stack (DynamoDB Local, s3rver, both gateways, runners) for the API tests; no mocks of Kiln's own code. */
export default async function setup(project: TestProject) {
  const stack = await startLocalStackProcess({ seed: true });
  project.provide("apiUrl", stack.url);
  project.provide("socketUrl", stack.socketUrl);
  return () => stack.stop();
}
