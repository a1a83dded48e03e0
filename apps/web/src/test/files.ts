/** A file whose content starts like a PNG (signature and IHDR), as the pickers' content check wants. */
export function pngFile(name: string, size = 64): File {
  const bytes = new Uint8Array(Math.max(size, 16));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  return new File([bytes], name, { type: 'image/png' });
}
