/** The picture formats uploads accept (docs/design.md#security), judged by content. */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** How many leading bytes `sniffImage` needs. */
export const IMAGE_SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The image type by its magic bytes, or null. The file name and the client's content type are
 * ignored: a PNG called .txt is a PNG, a text file called .png is not an image. The server judges
 * uploads with it, and the app checks a chosen file with it before showing a preview.
 */
export function sniffImage(bytes: Uint8Array): ImageMime | null {
  const starts = (sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  // PNG signature followed by the IHDR chunk that must come first.
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && ascii(bytes, 12, 16) === 'IHDR') return 'image/png';
  // JPEG: SOI then a marker.
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // WebP: RIFF container of form type WEBP with a VP8/VP8L/VP8X chunk.
  if (starts([0x52, 0x49, 0x46, 0x46]) && ascii(bytes, 8, 12) === 'WEBP' && ascii(bytes, 12, 15) === 'VP8') return 'image/webp';
  const gif = ascii(bytes, 0, 6);
  if (bytes.length >= 13 && (gif === 'GIF87a' || gif === 'GIF89a')) return 'image/gif';
  return null;
}
