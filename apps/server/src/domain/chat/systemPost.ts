/**
 * A post of the system as its `data` stores it (migration 0022) and as the chat answers it (`system`):
 * a key of the API's message catalogue and its parameters, so each viewer reads it in their own
 * language; the message's `text` keeps the English, for a client that does not know the key.
 */
import type { ChatSystemPost } from '@lucky28/shared';

/** The key and parameters of a stored system post (anything else in `data` is not answered). */
export function systemPostOf(data: unknown): ChatSystemPost | null {
  if (typeof data !== 'object' || data === null) return null;
  const { key, params } = data as { key?: unknown; params?: unknown };
  if (typeof key !== 'string') return null;
  const answered: Record<string, string | number> = {};
  if (typeof params === 'object' && params !== null) {
    for (const [name, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') answered[name] = value;
  }
  return { key, params: answered };
}
