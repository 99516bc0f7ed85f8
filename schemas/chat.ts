import * as z from "zod";
import { EntityRecord } from "./entities";
import { SecretRequestItem } from "./secrets";
import { TurnVerification } from "./verification";

export const ChatRole = z.enum(["user", "assistant", "tool"]);

export const CustomContext = z.discriminatedUnion("type", [
  z.object({ type: z.literal("files"), data: z.object({ files: z.array(z.string().max(200)).max(50) }) }),
  z.object({
    type: z.literal("element"),
    data: z.object({
      element_tag_name: z.string().max(40),
      filename: z.string().max(200),
      line_number: z.number().int().min(0),
      classes: z.string().max(2000).optional(),
    }),
  }),
]);

export const MessageParams = z.object({
  current_page: z.string().max(64).optional(),
  automated_fix: z.boolean().optional(),
  diff_message: z.boolean().optional(),
  discussion_mode: z.boolean().optional(),
  manual_edit: z.boolean().optional(),
});

/** What one assistant turn really changed, computed from the checkpoints on either side of it. */
export const Receipt = z.object({
  files: z.object({ added: z.array(z.string()), modified: z.array(z.string()), deleted: z.array(z.string()) }),
  entities: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
  pages: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
  /** removals of pages, entities or exported components the request did not mention */
  unrequested_removals: z.array(z.string()),
  /**
   * File actions of the answer that did not reach the app (cut off by Stop, the model's output
   * limit, an error or the end of the stream; refused by a freeze; an edit that did not match),
   * each with why; `action_index` is its place among the message's actions as parseMessage reads them.
   */
  not_applied: z.array(z.object({ path: z.string().nullable(), reason: z.string(), action_index: z.number().int().optional() })).optional(),
  /** what the message cost; `refunded` when the turn changed nothing (it could not do what was asked, or failed), or its app failed its check in the browser */
  charge: z.object({ credits: z.number(), refunded: z.boolean() }).optional(),
  /** the app opened in a headless browser after the turn changed it (functions/core/verify) */
  verification: TurnVerification.optional(),
});
export type Receipt = z.infer<typeof Receipt>;

export const ToolResult = z.object({
  display_results: z.object({ widget: z.literal("table"), columns: z.array(z.string()), rows: z.array(z.array(z.unknown())) }).optional(),
  results: z.string().optional(),
});

/** One message of an app's conversation: one item per message, sorted by time (ULID ids). */
export const ChatMessage = z.object({
  id: z.string(),
  role: ChatRole,
  /** may contain action tags (lib/agent/protocol.ts) */
  content: z.string(),
  hidden: z.boolean().optional(),
  metadata: z.object({
    created_date: z.string(),
    created_by_email: z.string().nullable(),
    /** platform-admin diagnostics (Message Info) */
    model: z.string().optional(),
    duration_ms: z.number().optional(),
    input_tokens: z.number().optional(),
    output_tokens: z.number().optional(),
    /** of input_tokens, those the provider read from and wrote to its prompt cache (functions/agent/prompt-cache.ts) */
    cache_read_tokens: z.number().optional(),
    cache_write_tokens: z.number().optional(),
  }),
  file_urls: z.array(z.string()).optional(),
  custom_context: z.array(CustomContext).optional(),
  tool_calls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })).optional(),
  tool_results: z.array(ToolResult).optional(),
  /** user messages: the checkpoint taken before this message was worked on */
  checkpoint_id: z.string().nullable().optional(),
  /** assistant messages: the checkpoint before the turn started (the diff's "original") */
  base_checkpoint_id: z.string().nullable().optional(),
  additional_message_params: MessageParams.optional(),
  /** assistant messages: streaming while the turn runs */
  state: z.enum(["streaming", "done", "stopped", "error"]).optional(),
  receipt: Receipt.optional(),
  /** assistant messages: secrets the assistant asked the owner for (spec 01 §3 Secret request); the chat shows the secrets form */
  secret_request: z.array(SecretRequestItem).max(20).optional(),
  /** `retryable`: sending the same message again may well work (an overloaded or unreachable model, a deadline) */
  error: z.object({ title: z.string(), component: z.string().optional(), details: z.string().optional(), retryable: z.boolean().optional() }).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** POST /api/apps/{id}/chat/message */
export const SendMessageBody = z.strictObject({
  content: z.string().trim().min(1, "Message content is required").max(20_000, "Messages are at most 20,000 characters"),
  file_urls: z.array(z.string().max(2000)).max(10).optional(),
  custom_context: z.array(CustomContext).max(10).optional(),
  additional_message_params: MessageParams.optional(),
  /** sent by "Resolve with AI" under the preview: a fix of the errors the preview shows, free while the server allows (Chat.send) */
  resolve_issues: z.boolean().optional(),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const Suggestion = z.object({ title: z.string(), prompt: z.string() });
/** Chat suggestions: suggestion_1 … suggestion_3 (spec 01 §3). */
export const ChatSuggestions = z.object({ suggestion_1: Suggestion, suggestion_2: Suggestion, suggestion_3: Suggestion });
export type ChatSuggestions = z.infer<typeof ChatSuggestions>;
/** Home suggestions: app_suggestion_1 … app_suggestion_5. */
export const AppSuggestions = z.object({
  app_suggestion_1: Suggestion,
  app_suggestion_2: Suggestion,
  app_suggestion_3: Suggestion,
  app_suggestion_4: Suggestion,
  app_suggestion_5: Suggestion,
});

export const Checkpoint = z.object({
  id: z.string(),
  app_id: z.string(),
  name: z.string(),
  created_date: z.string(),
  message_id: z.string().nullable(),
  file_count: z.number().int(),
  /**
   * The app's entity records at this checkpoint: "saved" (restorable: kept as the changes made
   * since, or as an S3 object on older checkpoints), "empty" (there were none), "pending" (the
   * table's change stream has not yet placed the checkpoint among the record changes; a restore
   * waits for it), "too_large" (an older checkpoint past the snapshot limit, not kept), "none"
   * (a checkpoint from before data was kept).
   */
  data_snapshot: z.enum(["saved", "empty", "pending", "too_large", "none"]).default("none"),
  record_count: z.number().int().default(0),
  /** where the checkpoint falls among the app's record changes (their DynamoDB stream sequence numbers); absent on S3-snapshot checkpoints */
  data_seq: z.string().optional(),
});
export type Checkpoint = z.infer<typeof Checkpoint>;

/**
 * POST /api/apps/{id}/app-checkpoints/{cp}/load: code only (the default), or code and the records as they were;
 * entities keep their current security rules unless `restore_rules` brings back the checkpoint's.
 */
export const LoadCheckpointBody = z.strictObject({ restore_data: z.boolean().default(false), restore_rules: z.boolean().default(false) });

/** A checkpoint's records, entity by entity (only entities that had records). */
export const RecordsSnapshot = z.object({ entities: z.record(z.string(), z.array(EntityRecord)) });
export type RecordsSnapshot = z.infer<typeof RecordsSnapshot>;

export const FeedbackTag = z.enum([
  "Deleted previously implemented features / sections",
  "Created an error",
  "Stuck in a loop",
  "UI/Styling issues",
  "Nothing wrong",
  "Other",
]);
/** POST /api/feedback */
export const FeedbackBody = z.strictObject({
  feedback_url: z.string().max(2000),
  tag: FeedbackTag,
  feedback: z.string().max(5000).default(""),
});
