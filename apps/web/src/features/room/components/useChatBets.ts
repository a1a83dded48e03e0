import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/api';
import { usePreferences } from '../../../lib/preferences';
import { apiMessage } from '../../../lib/validation';
import type { OddsClass } from '../../../lib/oddsClass';
import { readChatInput, type ChatSlipLine } from '../model/chatBets';

/** A slip typed in the chat, with the Idempotency-Key of its one confirmation. */
export interface ChatSlip {
  lines: ChatSlipLine[];
  total: number;
  key: string;
}

/**
 * The chat input's bets (docs/chat.md#bet-by-message): a typed message read with the bet grammar
 * before it is posted. Bets open the confirmation (or are placed at once, when the player chose so);
 * a command or a bet that cannot be placed is answered to the sender only (`say`).
 */
export function useChatBets({
  classes,
  balance,
  place,
  say,
}: {
  classes: readonly OddsClass[];
  balance: string | null;
  /** Places the slip through the panel's bet path; `done` once it is placed. */
  place: (slip: ChatSlip, done: () => void) => void;
  say: (text: string) => void;
}) {
  const { t } = useTranslation();
  const atOnce = usePreferences((s) => s.chatBetsAtOnce);
  const setAtOnce = usePreferences((s) => s.setChatBetsAtOnce);
  const [pending, setPending] = useState<ChatSlip | null>(null);

  /** What the text was: null — chat, to post; true — answered, the input is emptied; false — answered, the text stays to be corrected. */
  const read = (text: string): boolean | null => {
    const input = readChatInput(text, classes);
    switch (input.kind) {
      case 'chat':
        return null;
      case 'balance':
        say(t('room.chat.balanceIs', { balance: balance ?? '--' }));
        return true;
      case 'private': {
        const { key, params, api } = input.text;
        say(api ? apiMessage(key, params) : t(key, params));
        // A command was understood (its rule is the answer); a wrong bet is left to correct.
        return !api && key !== 'room.stakeOutOfRange';
      }
      case 'slip': {
        const slip = { lines: input.lines, total: input.total, key: newIdempotencyKey() };
        if (atOnce) place(slip, () => undefined);
        else setPending(slip);
        return true;
      }
    }
  };

  const confirm = () => {
    if (pending) place(pending, () => setPending(null));
  };

  return { read, pending, close: () => setPending(null), confirm, atOnce, setAtOnce };
}
