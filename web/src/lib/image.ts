import { extensionOf } from "../../../schemas/files";

/** Image downscaling before upload (spec 01 §5, §9): fit within 1024 px on the longer side and 2 MB. */
export const IMAGE_MAX_SIDE = 1024;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const JPEG_START_QUALITY = 0.85;
const JPEG_QUALITY_STEP = 0.1;
const JPEG_MIN_QUALITY = 0.55;
/** when even the lowest quality is too big, the picture shrinks by this much and tries again */
const SHRINK_STEP = 0.8;

const scalable = ["jpg", "jpeg", "png", "webp"];

/**
 * The file to upload: small images unchanged; larger ones redrawn on a canvas.
 * A png stays png; anything else becomes jpeg, quality 0.85 dropping by 0.1 to 0.55.
 * When the browser cannot decode the picture, the original is sent as it is.
 */
export async function downscaleImage(file: File): Promise<File> {
  const ext = extensionOf(file.name);
  if (!scalable.includes(ext)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const { width, height } = bitmap;
    if (Math.max(width, height) <= IMAGE_MAX_SIDE && file.size <= IMAGE_MAX_BYTES) return file;
    const png = ext === "png";
    let scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(width, height));
    for (let attempt = 0; attempt < 6; attempt++) {
      const w = Math.max(1, Math.round(width * scale));
      const h = Math.max(1, Math.round(height * scale));
      const blob = await encode(bitmap, w, h, png);
      if (!blob) return file;
      if (blob.size <= IMAGE_MAX_BYTES) return asFile(blob, file.name, png);
      scale *= SHRINK_STEP;
    }
    return file;
  } finally {
    bitmap.close();
  }
}

/** One size: png once, jpeg at falling quality until it fits; answers the smallest tried. */
async function encode(bitmap: ImageBitmap, w: number, h: number, png: boolean): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  if (!png) {
    // jpeg has no transparency: paint white under it rather than black
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, w, h);
  }
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, 0, 0, w, h);
  if (png) return toBlob(canvas, "image/png");
  let best: Blob | null = null;
  for (let q = JPEG_START_QUALITY; q >= JPEG_MIN_QUALITY - 1e-9; q -= JPEG_QUALITY_STEP) {
    const blob = await toBlob(canvas, "image/jpeg", q);
    if (!blob) break;
    best = blob;
    if (blob.size <= IMAGE_MAX_BYTES) break;
  }
  return best;
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

function asFile(blob: Blob, name: string, png: boolean): File {
  const base = name.replace(/\.[^.]+$/, "");
  const ext = extensionOf(name);
  const fileName = png ? name : ext === "jpg" || ext === "jpeg" ? name : `${base}.jpg`;
  return new File([blob], fileName, { type: png ? "image/png" : "image/jpeg", lastModified: Date.now() });
}
