/** How the live stream's events (lib/api/heartStream.ts) change the cached heart answers. */
import type { FeedEntry, RoomHeart } from '@lucky28/shared/schemas';

/** The room's heart window of recent bets. */
const FEED_WINDOW = 50;

/** A room's heart after a stream event (`heart` replaces it; `bets` and `presence` update it). */
export function applyRoomEvent(old: RoomHeart | undefined, event: string, data: unknown): RoomHeart | undefined {
  if (event === 'heart') return data as RoomHeart;
  if (!old) return old;
  if (event === 'bets') {
    const d = data as { issue: RoomHeart['issue']; order_count: number; message: FeedEntry[]; user_quantity?: string | null };
    return {
      ...old,
      issue: d.issue,
      order_count: d.order_count,
      message: [...old.message, ...d.message].slice(-FEED_WINDOW),
      user_quantity: d.user_quantity !== undefined ? d.user_quantity : old.user_quantity,
    };
  }
  if (event === 'presence') return { ...old, robot_num: (data as { robot_num: number }).robot_num };
  return old;
}

/** The home cards' heart after a stream event (only whole answers). */
export const applyHomeEvent = <T>(old: T | undefined, event: string, data: unknown): T | undefined => (event === 'heart' ? (data as T) : old);
