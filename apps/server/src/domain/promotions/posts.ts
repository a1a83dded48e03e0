/**
 * A packet in its room's chat (docs/red-packets.md#claiming): its drop, each claim ("x***y got 3.20 u")
 * and its close, posted by the system in the transaction that made them, each once (`data.post` is
 * `packet:<id>:<step>`, unique per room like the rounds' posts).
 */
import type { ChatSystemPost, MessageKey } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { chatMessages } from '../../db/schema.js';
import { chatLineOf, type ChatLine } from '../chat/messages.js';
import { englishText } from '../chat/roundPosts.js';

export async function storePacketPost(
  tx: DbOrTx,
  input: { roomId: number; packetId: number; step: string; key: MessageKey; params: ChatSystemPost['params']; now: number },
): Promise<ChatLine | null> {
  const post: ChatSystemPost = { key: input.key, params: { ...input.params, packet_id: input.packetId } };
  const rows = await tx
    .insert(chatMessages)
    .values({
      roomId: input.roomId,
      userId: null,
      kind: 'system',
      nickname: null,
      text: englishText(post),
      data: { ...post, post: `packet:${input.packetId}:${input.step}` },
      createdAt: new Date(input.now),
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ? chatLineOf(rows[0]) : null;
}
