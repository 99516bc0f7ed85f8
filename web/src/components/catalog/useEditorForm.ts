import { useState } from "react";
import { CatalogRules, type CatalogEntry } from "../../../../schemas/catalog";
import type { CatalogItemInput } from "../../api/catalog";

export type EditorTab = "metadata" | "content";
export type EditorField = "name" | "description" | "prompt" | "secrets";

export interface EditorState {
  name: string;
  description: string;
  image_url: string | null;
  requires_backend_functions: boolean;
  is_private: boolean;
  prompt: string;
  example_asks: string[];
  required_secrets: { name: string; description: string }[];
}

const initial = (entry: CatalogEntry | null): EditorState =>
  entry
    ? {
        name: entry.item.name,
        description: entry.item.description,
        image_url: entry.item.image_url,
        requires_backend_functions: entry.item.requires_backend_functions,
        is_private: entry.item.is_private,
        prompt: entry.item.prompt,
        example_asks: entry.item.example_asks.length ? entry.item.example_asks : [""],
        required_secrets: entry.item.required_secrets.length ? entry.item.required_secrets : [],
      }
    : {
        name: "",
        description: "",
        image_url: null,
        requires_backend_functions: true,
        is_private: false,
        prompt: "",
        example_asks: [""],
        required_secrets: [],
      };

/** Spec 03 §5 Integration save, in order; each failure names the tab it lives on. */
export function problemOf(form: EditorState): { field: EditorField; tab: EditorTab; message: string } | null {
  if (!form.name.trim())
    return {
      field: "name",
      tab: "metadata",
      message: CatalogRules.NAME_REQUIRED,
    };
  if (!form.description.trim())
    return {
      field: "description",
      tab: "metadata",
      message: CatalogRules.DESCRIPTION_REQUIRED,
    };
  if (form.prompt.trim().length < CatalogRules.PROMPT_MIN)
    return {
      field: "prompt",
      tab: "content",
      message: CatalogRules.PROMPT_TOO_SHORT,
    };
  if (form.required_secrets.some((s) => !s.name.trim() && s.description.trim()))
    return {
      field: "secrets",
      tab: "content",
      message: CatalogRules.SECRET_NAME_REQUIRED,
    };
  return null;
}

/** What is sent: trimmed, blank asks and secrets left out (the server does the same). */
export function bodyOf(form: EditorState, creating: boolean): CatalogItemInput {
  const body: CatalogItemInput = {
    name: form.name.trim(),
    description: form.description.trim(),
    prompt: form.prompt.trim(),
    image_url: form.image_url,
    requires_backend_functions: form.requires_backend_functions,
    example_asks: form.example_asks.map((a) => a.trim()).filter(Boolean),
    required_secrets: form.required_secrets.map((s) => ({ name: s.name.trim(), description: s.description.trim() })).filter((s) => s.name || s.description),
  };
  return creating ? { ...body, is_private: form.is_private } : body;
}

export function useEditorForm(entry: CatalogEntry | null) {
  const [form, setForm] = useState<EditorState>(() => initial(entry));
  const set = <K extends keyof EditorState>(key: K, value: EditorState[K]) => setForm((prev) => ({ ...prev, [key]: value }));
  return { form, set };
}
