import type { TestProject } from "vitest/node";
import { startLocalStackProcess } from "../../stacks/local/child";
import { startFakeAnthropic } from "./fake-anthropic";

declare module "vitest" {
  export interface ProvidedContext {
    apiUrl: string;
    socketUrl: string;
    /** the stack's links (stand-ins' endpoints, table, bucket, sockets), for tests that run a handler in their own process */
    stackLinks: Record<string, string>;
    /** this project's Anthropic stand-in: projects run their setups in one process, so its env var may name another's */
    anthropicUrl: string;
  }
}

/** The real local stack (DynamoDB Local, s3rver, both gateways, runners) for the API tests; no mocks of Kiln's own code. */
export default async function setup(project: TestProject) {
  // Anthropic is a third party: the stack talks to a stand-in at the HTTP boundary. `default` stays the offline engine.
  const anthropic = await startFakeAnthropic();
  Object.assign(process.env, { ANTHROPIC_API_KEY: "test-anthropic-key", ANTHROPIC_BASE_URL: anthropic.url, KILN_DEFAULT_MODEL_PROVIDER: "offline", KILN_MODEL_MAX_RETRIES: "0", KILN_FUNCTION_TIMEOUT_MS: "4000",
    // third parties the tests stand in for (Slack's webhook) listen here; functions may reach it, and no other loopback address but the API's
    SANDBOX_OPEN_LOOPBACK: "127.0.0.3",
    // the security scan's npm advisory lookup is a third party too: no test reaches the real registry (a closed port: "not checked");
    // test/api/security-scan.test.ts answers it with a stand-in of its own
    KILN_NPM_REGISTRY_URL: "http://127.0.0.1:9",
    // the shared stack serves no web app and runs hundreds of turns: no turn is checked in a browser here
    // (test/api/turn-verification.test.ts checks them on a stack of its own, which serves the runtime)
    KILN_VERIFY_TURNS: "off",
  });
  const stack = await startLocalStackProcess({ seed: true });
  project.provide("apiUrl", stack.url);
  project.provide("socketUrl", stack.socketUrl);
  project.provide("stackLinks", stack.links);
  project.provide("anthropicUrl", anthropic.url);
  return async () => {
    await stack.stop();
    await anthropic.close();
  };
}
