import { useCallback, useEffect, useRef, useState } from "react";
import { attachmentError, attachmentTypes, extensionOf, imageTypes } from "../../../../schemas/files";
import { uploadFile } from "../../api/apps";
import { detailOf } from "../../api/client";
import { downscaleImage } from "../../lib/image";

/** The file picker's accept list (spec 01 §9). */
export const ACCEPT = attachmentTypes.map((t) => `.${t}`).join(",");

/** The most files one message may carry (CreateAppBody.file_urls). */
export const MAX_ATTACHMENTS = 10;

export interface Attachment {
  id: string;
  name: string;
  isImage: boolean;
  /** an object URL for the thumbnail of an image */
  previewUrl?: string;
  url?: string;
  uploading: boolean;
}

let nextId = 0;

/**
 * Files attached to a prompt (home or chat): each is checked (spec 01 §5), downscaled when it
 * is an image, and uploaded at once so the prompt is ready to send by the time the user is.
 */
export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  const patch = (id: string, change: Partial<Attachment>) => setItems((list) => list.map((a) => (a.id === id ? { ...a, ...change } : a)));

  const drop = (id: string) =>
    setItems((list) => {
      const gone = list.find((a) => a.id === id);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((a) => a.id !== id);
    });

  const add = useCallback((files: File[]) => {
    if (files.length === 0) return;
    const problems: string[] = [];
    const accepted: { file: File; item: Attachment }[] = [];
    let room = MAX_ATTACHMENTS - itemsRef.current.length;
    for (const file of files) {
      const error = attachmentError(file.name, file.size);
      if (error) {
        problems.push(error);
        continue;
      }
      if (room <= 0) {
        problems.push(`You can attach up to ${MAX_ATTACHMENTS} files; "${file.name}" was not added.`);
        continue;
      }
      room--;
      const isImage = (imageTypes as readonly string[]).includes(extensionOf(file.name));
      const item: Attachment = { id: `att-${++nextId}`, name: file.name, isImage, uploading: true, previewUrl: isImage ? URL.createObjectURL(file) : undefined };
      accepted.push({ file, item });
    }
    setErrors(problems);
    if (accepted.length === 0) return;
    setItems((list) => [...list, ...accepted.map((a) => a.item)]);
    for (const { file, item } of accepted) {
      (item.isImage ? downscaleImage(file) : Promise.resolve(file))
        .then(uploadFile)
        .then((url) => patch(item.id, { url, uploading: false }))
        .catch((err) => {
          drop(item.id);
          setErrors((list) => [...list, `Could not upload "${file.name}": ${detailOf(err)}`]);
        });
    }
  }, []);

  const clear = () => {
    for (const item of itemsRef.current) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    setItems([]);
  };

  return {
    items,
    errors,
    add,
    remove: drop,
    clear,
    /** hand the list over (on send) and start empty; `restore` puts it back if sending fails */
    take: () => {
      const taken = itemsRef.current;
      setItems([]);
      return taken;
    },
    restore: (taken: Attachment[]) => setItems((list) => (list.length ? list : taken)),
    /** free the thumbnails of files that were sent */
    release: (taken: Attachment[]) => taken.forEach((a) => a.previewUrl && URL.revokeObjectURL(a.previewUrl)),
    dismissErrors: () => setErrors([]),
    uploading: items.some((a) => a.uploading),
    urls: items.flatMap((a) => (a.url ? [a.url] : [])),
  };
}

export type Attachments = ReturnType<typeof useAttachments>;
