import { IMAGE_SNIFF_BYTES, sniffImage } from '@lucky28/shared/images';
import { ApiError, type Envelope } from './api';
import { endSession } from './endSession';
import { currentApiLang, i18n } from './i18n';
import { useSession } from './session';

/** Spec §9 / DESIGN §7: pictures only, at most 5 MB (the server checks the content again). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface UploadAnswer {
  /** The private API address of the stored file (readable only with the owner's token). */
  url: string;
  name: string;
  type: string;
  mime: string;
  size: number;
}

/**
 * A multipart upload (`file` plus form fields) with the same conventions as the JSON client: the
 * session token in its header, `lang` in the form and the query (a refusal before the form is read
 * still speaks the user's language), the envelope unwrapped into data or an ApiError with `msg`.
 * Uploads are not retried: a picture is cheap to choose again, a duplicate upload is not.
 */
export async function uploadFile(path: string, file: File, fields: Record<string, string> = {}): Promise<Envelope<UploadAnswer>> {
  const lang = currentApiLang();
  const form = new FormData();
  form.append('lang', lang);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = useSession.getState().token;
  if (token) headers.token = token;
  let response: Response;
  try {
    response = await fetch(`${path}?lang=${encodeURIComponent(lang)}`, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(i18n.t('errors.network'), 'network');
  }
  let body: Envelope<UploadAnswer> | null = null;
  try {
    body = (await response.json()) as Envelope<UploadAnswer>;
  } catch {
    body = null;
  }
  if (response.status === 401) {
    endSession();
    window.location.replace('/login');
    throw new ApiError(body?.msg || i18n.t('errors.server'), 'unauthorized', 401, 401);
  }
  if (!body || typeof body.code !== 'number') throw new ApiError(i18n.t('errors.server'), 'http', null, response.status);
  if (body.code === 1 || body.code === 200) return body;
  throw new ApiError(body.msg, 'business', body.code, response.status, body.field);
}

/** The spec §5 picture checks before anything is sent: an image type, at most 5 MB. A message key, or null. */
export function imageProblem(file: File | undefined | null): 'err.image_required' | 'err.image_type' | 'err.image_too_large' | null {
  if (!file) return 'err.image_required';
  if (!file.type.startsWith('image/')) return 'err.image_type';
  if (file.size > MAX_IMAGE_BYTES) return 'err.image_too_large';
  return null;
}

/**
 * The checks of a file just chosen, before it is previewed: those above, then its content (the
 * server's magic-byte rule), so a text file named .png is refused instead of showing a broken preview.
 */
export async function chosenImageProblem(file: File): Promise<'err.image_required' | 'err.image_type' | 'err.image_too_large' | null> {
  const problem = imageProblem(file);
  if (problem) return problem;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await readHead(file, IMAGE_SNIFF_BYTES));
  } catch {
    return 'err.image_type';
  }
  return sniffImage(head) ? null : 'err.image_type';
}

function readHead(file: Blob, n: number): Promise<ArrayBuffer> {
  const part = file.slice(0, n);
  if (typeof part.arrayBuffer === 'function') return part.arrayBuffer();
  // Older engines (and jsdom) have no Blob.arrayBuffer.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(part);
  });
}
