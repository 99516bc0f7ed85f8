import type { FilePart, ImagePart, TextPart } from "ai";
import type * as z from "zod";
import type { AiModel } from "../../../schemas/app";
import { appUploadTypes } from "../../../schemas/files";
import {
  type CoreEndpoint,
  type ExtractDataBody,
  type ExtractDataResult,
  type InvokeLLMBody,
  type SendEmailBody,
  coreEndpoints,
} from "../../../schemas/integrations";
import type { AppCaller } from "../actor";
import { AppLogs } from "../logs/app-logs";
import { AppUsers } from "../app-users/users";
import { Credits } from "../billing/credits";
import { VisibleError, forbidden, notFound } from "../errors";
import { Extraction } from "./extraction";
import { Mail } from "../mail";
import { type StoredFile, Uploads } from "./uploads";
import { Users } from "../identity/users";

type Part = TextPart | ImagePart | FilePart;
type Body<E extends CoreEndpoint> = z.output<(typeof coreEndpoints)[E]["body"]>;

/**
 * The Core integrations of generated apps (reference §4). Each call that succeeds costs
 * the app's owner one integration credit, and every call is written to the app's log.
 */
export namespace Integrations {
  export const NO_MODEL = "No AI model is configured on this Kiln server; set ANTHROPIC_API_KEY (or another provider) to use InvokeLLM";
  export const NO_IMAGE_MODEL =
    "No image model is configured on this Kiln server: GenerateImage needs an image generation model, and none of Kiln's model providers offers one";

  export const isEndpoint = (name: string): name is CoreEndpoint => Object.hasOwn(coreEndpoints, name);

  /** Run a parsed call: charge the owner's credit first, give it back if the call fails, log either way. */
  export async function call<E extends CoreEndpoint>(caller: AppCaller, name: E, body: Body<E>): Promise<unknown> {
    const owner = await Users.get(caller.app.created_by_id);
    if (!owner) throw notFound("App not found");
    const period = await Credits.chargeIntegration(owner);
    const log = (status: "success" | "error", outputs: unknown, error: string | null) =>
      AppLogs.record({ appId: caller.app.id, type: "integration", objectName: `Core.${name}`, caller, status, inputs: logged(body), outputs, error });
    let result: unknown;
    try {
      result = await run(caller, name, body);
    } catch (err) {
      await Credits.refundIntegration(owner.id, period);
      await log("error", null, err instanceof VisibleError ? err.message : "Internal error");
      throw err;
    }
    const failed = isExtractFailure(name, result);
    if (failed) await Credits.refundIntegration(owner.id, period);
    await log(failed ? "error" : "success", result, failed ? (result as ExtractDataResult).details : null);
    return result;
  }

  const isExtractFailure = (name: CoreEndpoint, result: unknown) => name === "ExtractDataFromUploadedFile" && (result as ExtractDataResult).status === "error";

  /** What the log keeps of a call's input: the fields, with a file named rather than copied. */
  function logged(body: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v instanceof File ? { name: v.name, size: v.size } : v]));
  }

  const endpoints: { [E in CoreEndpoint]: (caller: AppCaller, body: Body<E>) => Promise<unknown> } = {
    InvokeLLM: (caller, body) => invokeLLM(caller, body),
    GenerateImage: async () => {
      throw new VisibleError("input", NO_IMAGE_MODEL);
    },
    UploadFile: async (_, { file }) => ({ file_url: Uploads.publicUrl(await Uploads.put(file, appUploadTypes)) }),
    UploadPrivateFile: async ({ app }, { file }) => ({ file_uri: Uploads.privateUri(app.id, await Uploads.put(file, appUploadTypes, { privateTo: app.id })) }),
    CreateFileSignedUrl: async ({ app }, { file_uri, expires_in }) => ({ signed_url: await Uploads.privateLink(app.id, file_uri, expires_in) }),
    SendEmail: (caller, body) => sendEmail(caller, body),
    ExtractDataFromUploadedFile: (caller, body) => extract(caller, body),
  };

  const run = <E extends CoreEndpoint>(caller: AppCaller, name: E, body: Body<E>) =>
    (endpoints[name] as (caller: AppCaller, body: Body<E>) => Promise<unknown>)(caller, body);

  /**
   * An app may e-mail only its own users and its owner (as Base44 allows only registered
   * members of the app), so no app can be used to relay mail to arbitrary addresses.
   */
  async function sendEmail({ app }: AppCaller, body: SendEmailBody) {
    const user = await AppUsers.byEmail(app.id, body.to);
    if (!(user && !user.disabled) && body.to !== app.created_by.toLowerCase())
      throw forbidden(`SendEmail can only send to users of this app or its owner; ${body.to} is neither`);
    const html = /<[a-z][\s\S]*>/i.test(body.body);
    await Mail.send({ to: body.to, subject: body.subject, text: body.body, ...(html ? { html: body.body } : {}), fromName: body.from_name || app.name });
    return { success: true };
  }

  /** An app's model hint ("claude_sonnet_4_6", "gemini_3_flash", …) as the nearest model Kiln serves; the app's own otherwise. */
  function modelFor(appModel: AiModel, hint: string | null | undefined): AiModel {
    if (hint?.startsWith("claude")) return "claude_sonnet_4";
    if (hint?.startsWith("gemini")) return "gemini_2_5_pro";
    return appModel;
  }

  async function invokeLLM({ app }: AppCaller, body: InvokeLLMBody): Promise<unknown> {
    const refs = body.file_urls == null ? [] : Array.isArray(body.file_urls) ? body.file_urls : [body.file_urls];
    const files = refs.map((ref) => {
      const file = Uploads.locate(app.id, ref);
      if (!file) throw new VisibleError("input", `file_urls must be files uploaded with UploadFile or UploadPrivateFile; ${ref} is not one`);
      return file;
    });
    const unreadable = files.find((file) => !modelReads(file));
    if (unreadable) throw new VisibleError("input", `InvokeLLM reads images, PDFs and text files; ${unreadable.name} is none of these`);
    const content: Part[] = [{ type: "text", text: body.prompt }];
    for (const file of files) content.push(partOf(file, await Uploads.read(file)));
    return ask(modelFor(app.model, body.model), content, body.response_json_schema ?? null, NO_MODEL);
  }

  const textTypes = new Set(["txt", "md", "csv", "json", "html"]);
  const imageTypes = new Set(["png", "jpg", "jpeg", "gif", "webp"]);

  const modelReads = (file: StoredFile) => imageTypes.has(file.ext) || file.ext === "pdf" || textTypes.has(file.ext);

  /** A file the model reads (see modelReads) as a part of the question. */
  function partOf(file: StoredFile, bytes: Uint8Array): Part {
    if (imageTypes.has(file.ext)) return { type: "image", image: bytes, mediaType: file.contentType };
    if (file.ext === "pdf") return { type: "file", data: bytes, mediaType: "application/pdf", filename: file.name };
    return { type: "text", text: `File ${file.name}:\n${new TextDecoder().decode(bytes)}` };
  }

  /**
   * One question to the model serving `model` here: its text, or with a JSON Schema the
   * object it answered. Providers take objects only at the top, so another schema
   * (an array, say) is asked for under `result` and unwrapped.
   */
  async function ask(model: AiModel, content: Part[], schema: Record<string, unknown> | null, offlineMessage: string): Promise<unknown> {
    // the AI SDK and its providers load only when a model is asked: they are most of the handler's code
    const [{ NoObjectGeneratedError, Output, generateText, jsonSchema }, { languageModelFor }, { readableError }] = await Promise.all([import("ai"), import("../../agent/provider-settings"), import("../../agent/model-sdk")]);
    const served = await languageModelFor(model);
    if (!served) throw new VisibleError("input", offlineMessage);
    const wrapped = schema && schema.type !== "object" ? { type: "object", properties: { result: schema }, required: ["result"] } : schema;
    try {
      const messages = [{ role: "user" as const, content }];
      if (!wrapped) {
        const { text } = await generateText({ model: served.model, messages, maxRetries: served.maxRetries, maxOutputTokens: 8192 });
        return text;
      }
      const { output } = await generateText({
        model: served.model,
        messages,
        maxRetries: served.maxRetries,
        maxOutputTokens: 8192,
        output: Output.object({ schema: jsonSchema<Record<string, unknown>>(wrapped) }),
      });
      return wrapped === schema ? output : output.result;
    } catch (err) {
      if (NoObjectGeneratedError.isInstance(err)) throw new VisibleError("upstream", "The model's answer did not match response_json_schema");
      throw new VisibleError("upstream", readableError(served.provider, err).message);
    }
  }

  /** CSV and JSON are read here; other files need the app's model (see Extraction for how rows map to the schema). */
  async function extract({ app }: AppCaller, body: ExtractDataBody): Promise<ExtractDataResult> {
    const file = Uploads.locate(app.id, body.file_url);
    if (!file) return failure("file_url must be a file uploaded with UploadFile or UploadPrivateFile");
    let bytes: Uint8Array;
    try {
      bytes = await Uploads.read(file);
    } catch (err) {
      if (err instanceof VisibleError) return failure(err.message);
      throw err;
    }
    try {
      if (file.ext === "csv") return success(Extraction.fromCsv(new TextDecoder().decode(bytes), body.json_schema));
      if (file.ext === "json") return success(Extraction.fromJson(JSON.parse(new TextDecoder().decode(bytes)), body.json_schema));
    } catch (err) {
      if (err instanceof SyntaxError) return failure(`The JSON file could not be read: ${err.message}`);
      if (err instanceof Extraction.Unreadable) return failure(err.message);
      throw err;
    }
    if (!modelReads(file)) return failure(`Data cannot be read from a .${file.ext} file; upload it as CSV, JSON, PDF, an image or text`);
    try {
      const prompt = "Extract the data in the attached file. Answer only with what the file contains, in the requested shape.";
      return success(await ask(app.model, [{ type: "text", text: prompt }, partOf(file, bytes)], body.json_schema, noModelFor(file.ext)));
    } catch (err) {
      if (err instanceof VisibleError) return failure(err.message);
      throw err;
    }
  }

  const noModelFor = (ext: string) =>
    `Reading data from a .${ext} file needs an AI model, and none is configured on this Kiln server; upload the data as CSV or JSON, or set ANTHROPIC_API_KEY (or another provider)`;
  const success = (output: unknown): ExtractDataResult => ({ status: "success", details: null, output });
  const failure = (details: string): ExtractDataResult => ({ status: "error", details, output: null });
}
