import { SandboxCall, type SandboxBuilt, type SandboxInvoked } from "../../schemas/sandbox";
import { buildFunction } from "./build";
import { invokeFunction } from "./pool";

/**
 * The function sandbox (DESIGN §7): builds a backend function into a deployment, and runs
 * calls of deployments in Deno processes that see only their app's secrets (functions/sandbox/).
 * In the cloud a Lambda of its own with no permissions and no links, invoked by the API
 * (functions/core/backend/sandbox.ts); on one machine the local stand-in serves the same handler.
 * It trusts its caller: only Kiln's API can invoke it.
 */
export async function handler(event: unknown): Promise<SandboxBuilt | SandboxInvoked> {
  const call = SandboxCall.parse(event);
  if (call.op === "build") return buildFunction(call.code);
  return invokeFunction(call);
}
