import * as z from "zod";

/**
 * The Core integrations a generated app calls through `base44.integrations.Core.X(params)`
 * (reference/base44-sdk-wire.md §4): POST /api/apps/{id}/integration-endpoints/Core/{X},
 * JSON or multipart. Multipart carries a File as itself, objects as JSON strings and
 * everything else as strings, so every non-text field reads a string back as JSON first.
 */
const fromForm = (value: unknown) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
const formValue = <S extends z.ZodType>(schema: S) => z.preprocess(fromForm, schema);

/** A JSON Schema object, as apps pass for structured answers and extraction. */
export const JsonSchemaObject = z.record(z.string(), z.unknown()).refine((s) => JSON.stringify(s).length <= 20_000, "the JSON schema is too large (20,000 characters at most)");

/** A file this server stores: a public UploadFile URL or a private UploadPrivateFile URI. */
const FileReference = z.string().trim().min(1).max(2048);

export const InvokeLLMBody = z.object({
  prompt: z.string().trim().min(1, "prompt is required").max(200_000),
  response_json_schema: formValue(JsonSchemaObject.nullish()).describe("a JSON Schema: the answer is then an object of that shape"),
  file_urls: formValue(z.union([FileReference, z.array(FileReference).max(10)]).nullish()).describe(
    "images, PDFs and text files stored with UploadFile or UploadPrivateFile, given to the model with the prompt",
  ),
  add_context_from_internet: formValue(z.boolean().nullish()).describe("accepted for compatibility; the model answers from the prompt and files alone"),
  model: z.string().max(64).nullish().describe('a hint ("claude_…", "gemini_…") for the nearest model this server has; the app\'s own model otherwise'),
});
export type InvokeLLMBody = z.infer<typeof InvokeLLMBody>;

export const GenerateImageBody = z.object({ prompt: z.string().trim().min(1, "prompt is required").max(4000) });

const FileField = z.instanceof(File, { message: "Send the file as multipart/form-data in a field named file" }).meta({ type: "string", format: "binary" });
export const UploadFileBody = z.object({ file: FileField });

export const CreateFileSignedUrlBody = z.object({
  file_uri: FileReference,
  expires_in: formValue(z.number().int().min(1).max(7 * 24 * 3600).default(300)).describe("seconds the link works; a week at most (S3's limit for signed links)"),
});

export const SendEmailBody = z.object({
  to: z.string().trim().toLowerCase().pipe(z.email("to must be an e-mail address")),
  subject: z.string().trim().min(1, "subject is required").max(500),
  body: z.string().min(1, "body is required").max(100_000),
  from_name: z.string().trim().max(100).nullish(),
});
export type SendEmailBody = z.infer<typeof SendEmailBody>;

export const ExtractDataBody = z.object({
  file_url: FileReference,
  json_schema: formValue(JsonSchemaObject),
});
export type ExtractDataBody = z.infer<typeof ExtractDataBody>;

export const FileUrlResult = z.object({ file_url: z.string() });
export const FileUriResult = z.object({ file_uri: z.string() });
export const SignedUrlResult = z.object({ signed_url: z.string() });
export const ImageResult = z.object({ url: z.string() });
export const SendEmailResult = z.object({ success: z.literal(true) });
/** What generated apps read from ExtractDataFromUploadedFile: `output` when `status` is "success", `details` otherwise. */
export const ExtractDataResult = z.object({
  status: z.enum(["success", "error"]),
  details: z.string().nullable(),
  output: z.unknown().nullable(),
});
export type ExtractDataResult = z.infer<typeof ExtractDataResult>;
/** A JSON string without a schema, the parsed object with one. */
export const InvokeLLMResult = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]);

/** Every Core endpoint: its request, its answer and what it does (GET …/integration-endpoints/schema). */
export const coreEndpoints = {
  InvokeLLM: { body: InvokeLLMBody, result: InvokeLLMResult, description: "Ask the app's AI model; with response_json_schema the answer is an object of that shape." },
  GenerateImage: { body: GenerateImageBody, result: ImageResult, description: "Generate an image from a prompt (needs an image model on the server)." },
  UploadFile: { body: UploadFileBody, result: FileUrlResult, description: "Store a file (multipart field `file`) and answer its public URL." },
  UploadPrivateFile: { body: UploadFileBody, result: FileUriResult, description: "Store a file only this app can read; CreateFileSignedUrl gives a link to it." },
  CreateFileSignedUrl: { body: CreateFileSignedUrlBody, result: SignedUrlResult, description: "A temporary link to a private file of this app." },
  SendEmail: { body: SendEmailBody, result: SendEmailResult, description: "E-mail a user of this app (or its owner)." },
  ExtractDataFromUploadedFile: { body: ExtractDataBody, result: ExtractDataResult, description: "Read records of json_schema's shape from an uploaded CSV or JSON file (other files need an AI model)." },
} as const;
export type CoreEndpoint = keyof typeof coreEndpoints;

export const IntegrationEndpointsSchema = z.object({
  installed_packages: z.array(
    z.object({
      package_name: z.string(),
      endpoints: z.array(z.object({ name: z.string(), description: z.string(), params: z.unknown(), returns: z.unknown() })),
    }),
  ),
  missing_packages: z.array(z.string()),
});
export type IntegrationEndpointsSchema = z.infer<typeof IntegrationEndpointsSchema>;
