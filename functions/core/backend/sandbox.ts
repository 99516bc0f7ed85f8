import { SandboxBuilt, type SandboxInvoke, SandboxInvoked } from "../../../schemas/sandbox";
import { Config } from "../config";
import { VisibleError } from "../errors";

/**
 * Kiln's API talking to the function sandbox (functions/sandbox/handler.ts): a synchronous Lambda
 * invoke in the cloud, the same payload over the stand-in's loopback port on one machine.
 */
export namespace Sandbox {
  async function call(payload: unknown): Promise<unknown> {
    const target = Config.functionSandbox;
    if (target.url) {
      const response = await fetch(target.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
      if (!response.ok) throw unavailable();
      return response.json();
    }
    const answer = await (await import("../lambda-event")).invokeSync(target.name, payload);
    if (answer === undefined) throw unavailable();
    return answer;
  }

  const unavailable = () => new VisibleError("upstream", "The function sandbox is not available right now; try again in a moment.");

  export async function build(code: string): Promise<SandboxBuilt> {
    return SandboxBuilt.parse(await call({ op: "build", code }));
  }

  export async function invoke(input: Omit<SandboxInvoke, "op">): Promise<SandboxInvoked> {
    return SandboxInvoked.parse(await call({ op: "invoke", ...input }));
  }
}
