import type { RefObject } from "react";
import { ACCEPT, type Attachments } from "../attachments/useAttachments";

/** The hidden file input behind an "Attach files" button: chosen files join the attachments, and the same file can be chosen again. */
export function AttachInput({ inputRef, attachments, testId }: { inputRef: RefObject<HTMLInputElement | null>; attachments: Attachments; testId: string }) {
  return (
    <input
      ref={inputRef}
      type="file"
      multiple
      hidden
      accept={ACCEPT}
      data-testid={testId}
      onChange={(e) => (attachments.add([...(e.target.files ?? [])]), (e.target.value = ""))}
    />
  );
}
