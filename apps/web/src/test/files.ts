import { afterEach, beforeEach, vi } from 'vitest';
import { useSession } from '../lib/session';

/** A file whose content starts like a PNG (signature and IHDR), as the pickers' content check wants. */
export function pngFile(name: string, size = 64): File {
  const bytes = new Uint8Array(Math.max(size, 16));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  return new File([bytes], name, { type: 'image/png' });
}

/**
 * For a screen that picks a picture, as a signed-in member: each test starts signed in (user 1,
 * group 1), previews get a fixed object URL, and stubbed globals are undone after each test.
 */
export function asMemberPickingPictures(): void {
  beforeEach(() => {
    useSession.getState().signIn({ token: 't', user_id: 1, group_id: 1 }, { remember: false });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());
}
