import { extensionOf } from "../../../../schemas/files";

const MAX_SIDE = 1024;
const TARGET_BYTES = 2 * 1024 * 1024;
const QUALITY_START = 0.85;
const QUALITY_STEP = 0.1;
const QUALITY_FLOOR = 0.55;

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * Image attachments are fitted within 1024 px on the longer side and 2 MB (spec 01 §5):
 * png stays png, others become jpeg from quality 0.85 down by 0.1 to about 0.55;
 * small images, and anything the browser cannot draw, are sent unchanged.
 */
export async function downscaleImage(file: File): Promise<File> {
  const ext = extensionOf(file.name);
  if (!["jpg", "jpeg", "png"].includes(ext)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const longest = Math.max(bitmap.width, bitmap.height);
  if (longest <= MAX_SIDE && file.size <= TARGET_BYTES) {
    bitmap.close();
    return file;
  }
  const scale = Math.min(1, MAX_SIDE / longest);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();

  const stem = file.name.slice(0, file.name.lastIndexOf("."));
  if (ext === "png") {
    const blob = await toBlob(canvas, "image/png");
    return blob ? new File([blob], file.name, { type: "image/png" }) : file;
  }
  let blob: Blob | null = null;
  for (let quality = QUALITY_START; quality >= QUALITY_FLOOR - 1e-9; quality -= QUALITY_STEP) {
    blob = await toBlob(canvas, "image/jpeg", quality);
    if (!blob || blob.size <= TARGET_BYTES) break;
  }
  return blob ? new File([blob], `${stem}.jpg`, { type: "image/jpeg" }) : file;
}
