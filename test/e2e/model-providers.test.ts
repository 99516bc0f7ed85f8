import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { builtWebDir, launch, newContext, signInThroughIdentityPage, toastSaying } from "./browser";

/**
 * The admin portal's Model providers tab (issue 23) in a real browser. On a stack of its own: a saved
 * provider and default model would change the turns of every later test on the shared one. The model
 * server is a stand-in in this process answering as Ollama's OpenAI-compatible /v1/chat/completions does.
 */

const KEY = "sk-local-secret-4321";
const PATH = "/user-management?tab=providers";

/** What the stand-in model server was sent: the key it saw and the body. */
const sent: { authorization: string | undefined; body: { model: string; options?: { num_ctx?: number } } }[] = [];
/** One server-sent event of a streamed chat completion, as OpenAI-compatible servers send it. */
function chunk(delta: Record<string, unknown>, finish: string | null = null, usage?: Record<string, number>) {
  return `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "qwen-test", choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
}

let modelServer: Server;
let modelUrl: string;
let stack: StackProcess;
let browser: Browser;

beforeAll(async () => {
  modelServer = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      sent.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      // the test connection streams its one-word answer
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(chunk({ role: "assistant", content: "OK" }) + chunk({}, "stop") + chunk({}, null, { prompt_tokens: 20, completion_tokens: 1, total_tokens: 21 }) + "data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => modelServer.listen(0, "127.0.0.1", resolve));
  modelUrl = `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}/v1`;
  // the default saved here must be the one in force: the environment's choice would win over it
  const chosen = process.env.KILN_DEFAULT_MODEL_PROVIDER;
  delete process.env.KILN_DEFAULT_MODEL_PROVIDER;
  stack = await startLocalStackProcess({ seed: true, webDir: builtWebDir() }).finally(() => {
    if (chosen !== undefined) process.env.KILN_DEFAULT_MODEL_PROVIDER = chosen;
  });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => modelServer?.close(resolve));
});

async function adminOnProviders(): Promise<Page> {
  const page = await (await newContext(browser, undefined, stack.url)).newPage();
  await signInThroughIdentityPage(page, { email: "admin@kiln.local" }, PATH);
  await page.waitForURL((url) => url.pathname === "/user-management" && url.searchParams.get("tab") === "providers");
  await page.getByTestId("model-providers").waitFor();
  return page;
}

describe("/user-management?tab=providers", () => {
  it("saves a local model with a write-only key, tests the connection, sets the default and the context size, and shows them after a reload", async () => {
    const page = await adminOnProviders();
    const card = page.getByTestId("provider-openai-compatible");
    const field = (name: string) => page.getByTestId(`provider-openai-compatible-${name}`);
    expect(await page.getByTestId("provider-source-openai-compatible").innerText()).toBe("Not configured");

    // the context size is asked for explicitly: Ollama's own default would drop the system prompt
    await field("base_url").fill(modelUrl);
    await field("model").fill("qwen-test");
    await field("api_key").fill(KEY);
    await page.getByTestId("provider-save-openai-compatible").click();
    await card.getByText(/Set the context size explicitly/).waitFor();

    await field("context_size").fill("32768");
    await page.getByTestId("provider-save-openai-compatible").click();
    await toastSaying(page, "OpenAI-compatible (Ollama, vLLM, LM Studio…) saved");
    await expect.poll(() => page.getByTestId("provider-source-openai-compatible").innerText()).toBe("Configured");
    // write-only: the field is emptied and only says a key is set, by its last 4 characters
    expect(await field("api_key").inputValue()).toBe("");
    expect(await field("api_key").getAttribute("placeholder")).toBe("Saved, ending 4321: leave blank to keep it");
    expect(await page.content()).not.toContain(KEY);

    await page.getByTestId("provider-test-openai-compatible").click();
    await card.getByText(/^Connected: qwen-test answered in \d+ ms$/).waitFor();
    expect(sent.at(-1)).toMatchObject({ authorization: `Bearer ${KEY}`, body: { model: "qwen-test", options: { num_ctx: 32768 } } });

    await page.getByTestId("default-model-select").selectOption("openai-compatible");
    await toastSaying(page, "Default model saved");
    await expect.poll(() => page.getByTestId("default-model-serving").innerText()).toBe("Serving now: qwen-test (OpenAI-compatible (Ollama, vLLM, LM Studio…))");

    // a new context size, saved without typing the key again: the stored key is kept
    await field("context_size").fill("16384");
    await page.getByTestId("provider-save-openai-compatible").click();
    await toastSaying(page, "OpenAI-compatible (Ollama, vLLM, LM Studio…) saved");

    await page.reload();
    await page.getByTestId("model-providers").waitFor();
    expect(await page.getByTestId("provider-source-openai-compatible").innerText()).toBe("Configured");
    expect(await field("base_url").inputValue()).toBe(modelUrl);
    expect(await field("model").inputValue()).toBe("qwen-test");
    expect(await field("context_size").inputValue()).toBe("16384");
    expect(await field("api_key").inputValue()).toBe("");
    expect(await field("api_key").getAttribute("placeholder")).toBe("Saved, ending 4321: leave blank to keep it");
    expect(await page.getByTestId("default-model-select").inputValue()).toBe("openai-compatible");
    expect(await page.getByTestId("default-model-serving").innerText()).toBe("Serving now: qwen-test (OpenAI-compatible (Ollama, vLLM, LM Studio…))");
    expect(await page.content()).not.toContain(KEY);

    // the connection test after the reload uses what was saved: the same key, the new size
    await page.getByTestId("provider-test-openai-compatible").click();
    await card.getByText(/^Connected: qwen-test answered in \d+ ms$/).waitFor();
    expect(sent.at(-1)).toMatchObject({ authorization: `Bearer ${KEY}`, body: { options: { num_ctx: 16384 } } });
    await page.context().close();
  });
});
