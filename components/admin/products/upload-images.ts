/** Client-side upload helpers of the admin image field (components/admin/image-upload-field.tsx). */

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const ACCEPT_ATTRIBUTE = "image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp";
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g|webp)$/i;

export type UploadedImage = { url: string; width: number; height: number; alt?: string };

/** Spec §5 checks before anything is sent; the server repeats them on the real bytes. */
export function checkImageFile(file: File): string | null {
  const typeOk = file.type ? (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return `File ${file.name} is not an image.`;
  if (file.size > MAX_IMAGE_BYTES) return `File ${file.name} is too large. Maximum size is 10MB.`;
  return null;
}

export class UploadError extends Error {}

type Json = Record<string, unknown>;

function asImage(value: unknown): UploadedImage | null {
  if (typeof value === "string") return { url: value, width: 0, height: 0 };
  if (value && typeof value === "object" && typeof (value as Json).url === "string") {
    const v = value as Json;
    return { url: v.url as string, width: Number(v.width) || 0, height: Number(v.height) || 0 };
  }
  return null;
}

/** Accepts `{images:[{url,width,height}]}`, `{urls:[…]}`, `{url}` or a bare array, whichever the endpoint returns. */
export function readUploadResponse(body: unknown): UploadedImage[] {
  const b = (body ?? {}) as Json;
  const list = Array.isArray(body) ? body : Array.isArray(b.images) ? b.images : Array.isArray(b.files) ? b.files : Array.isArray(b.urls) ? b.urls : b.url ? [b] : [];
  return (list as unknown[]).map(asImage).filter((i): i is UploadedImage => i !== null);
}

/** Natural size of an image URL (for uploads whose response omits it). */
export function measureImage(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth || 1200, height: img.naturalHeight || 900 });
    img.onerror = () => resolve({ width: 1200, height: 900 });
    img.src = url;
  });
}

async function withSizes(images: UploadedImage[]): Promise<UploadedImage[]> {
  return Promise.all(images.map(async (i) => (i.width > 0 && i.height > 0 ? i : { ...i, ...(await measureImage(i.url)) })));
}

/**
 * POSTs multipart form data with XMLHttpRequest so upload progress can be
 * shown; the session cookie authenticates. Rejects with UploadError carrying
 * the server's `error` (or `message`) text, or `fallback`.
 */
export function uploadWithProgress(endpoint: string, form: FormData, onProgress: (percent: number) => void, fallback: string): Promise<UploadedImage[]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new UploadError(fallback));
    xhr.onabort = () => reject(new UploadError(fallback));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const images = readUploadResponse(body);
        if (images.length === 0) return reject(new UploadError(fallback));
        onProgress(100);
        withSizes(images).then(resolve, () => resolve(images));
        return;
      }
      const b = (body ?? {}) as Json;
      // 4xx carry a message for the admin ("File x.gif is not an image."); a 5xx has nothing useful to show.
      const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
      const message = xhr.status >= 500 ? fallback : (text(b.error) ?? text(b.message) ?? fallback);
      reject(new UploadError(message));
    };
    xhr.send(form);
  });
}
