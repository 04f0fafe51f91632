/** Longest side a proof photo needs to stay legible; phone cameras take 4000 px and more. */
export const DEFAULT_MAX_SIDE = 2000;

const SCALABLE = ['image/jpeg', 'image/png', 'image/webp'];
const JPEG_QUALITY = 0.9;

function canvasOf(width: number, height: number): HTMLCanvasElement | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * A smaller copy of a large photo, drawn through a canvas, so that a 12-megapixel picture is
 * not sent whole over a phone connection. Anything that cannot or need not be scaled (a PDF, a
 * small image, a browser without createImageBitmap or canvas, a copy that came out larger)
 * comes back unchanged.
 */
export async function downscaleImage(file: File, maxSide = DEFAULT_MAX_SIDE): Promise<File> {
  if (!SCALABLE.includes(file.type) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = maxSide / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) {
      bitmap.close();
      return file;
    }
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = canvasOf(width, height);
    const context = canvas?.getContext('2d');
    if (!canvas || !context) {
      bitmap.close();
      return file;
    }
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name, { type: file.type, lastModified: file.lastModified });
  } catch {
    return file;
  }
}
