import { useState } from "react";
import { attachmentError, extensionOf } from "../../../../schemas/files";
import { uploadFile } from "../../api/apps";
import { downscaleImage } from "./downscaleImage";

/** The chat file picker's accept list (spec 01 §9). */
export const ACCEPT = ".jpg,.jpeg,.png,.pdf,.txt,.html";
const MAX_FILES = 10;

export interface Attachment {
  id: string;
  name: string;
  isImage: boolean;
  /** a local preview of an image */
  preview?: string;
  url?: string;
  state: "uploading" | "ready" | "failed";
  error?: string;
}

/** Files attached to the next message: checked by the rules of schemas/files.ts, downscaled, uploaded at once. */
export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<string[]>([]);

  const patch = (id: string, change: Partial<Attachment>) => setItems((all) => all.map((a) => (a.id === id ? { ...a, ...change } : a)));

  const add = (files: File[]) => {
    const problems: string[] = [];
    const room = MAX_FILES - items.length;
    const accepted: File[] = [];
    for (const file of files) {
      const problem = attachmentError(file.name, file.size);
      if (problem) problems.push(problem);
      else if (accepted.length >= room) problems.push(`At most ${MAX_FILES} files can be attached to a message.`);
      else accepted.push(file);
    }
    setErrors(problems);
    for (const file of accepted) {
      const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const isImage = ["jpg", "jpeg", "png"].includes(extensionOf(file.name));
      setItems((all) => [...all, { id, name: file.name, isImage, preview: isImage ? URL.createObjectURL(file) : undefined, state: "uploading" }]);
      downscaleImage(file)
        .then(uploadFile)
        .then((url) => patch(id, { url, state: "ready" }))
        .catch((err: unknown) => patch(id, { state: "failed", error: err instanceof Error ? err.message : String(err) }));
    }
  };

  const remove = (id: string) =>
    setItems((all) => {
      const gone = all.find((a) => a.id === id);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return all.filter((a) => a.id !== id);
    });

  return {
    items,
    errors,
    dismissErrors: () => setErrors([]),
    add,
    remove,
    /** hand the list over (on send) and start empty; `restore` puts it back if sending fails */
    take: () => {
      const taken = items;
      setItems([]);
      return taken;
    },
    restore: (taken: Attachment[]) => setItems((all) => (all.length ? all : taken)),
    /** free the previews of files that were sent */
    release: (taken: Attachment[]) => taken.forEach((a) => a.preview && URL.revokeObjectURL(a.preview)),
    uploading: items.some((a) => a.state === "uploading"),
    urls: items.filter((a) => a.state === "ready" && a.url).map((a) => a.url!),
  };
}
