import { IMAGE_SNIFF_BYTES, sniffImage } from '@lucky28/shared/images';
import { imageProblem, type ImageProblem } from '@lucky28/shared/wallet';

/**
 * The checks of a file just chosen, before it is previewed or uploaded: the shared picture rules
 * (chosen, a picture type, at most 5 MB), then its content (the server's magic-byte rule), so a text
 * file named .png is refused instead of showing a broken preview.
 */
export async function chosenImageProblem(file: File): Promise<ImageProblem | null> {
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
