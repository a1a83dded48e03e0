/**
 * Web Storage that never throws (private mode, quota, disabled storage): reads fall back to null
 * and writes are best effort.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(which: Area, key: string): T | null {
  try {
    const raw = area(which)?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) area(which)?.removeItem(key);
    else area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: the value lives for this page only */
  }
}

export const storageKeys = {
  session: 'lucky28.session',
  rememberedSession: 'lucky28.rememberedSession',
  rememberedUsername: 'lucky28.rememberedUsername',
  language: 'lucky28.language',
  line: 'lucky28.line',
  profitVibration: 'lucky28.profitVibration',
  /** Bets typed in a room's chat are placed without the confirmation. */
  chatBetsAtOnce: 'lucky28.chatBetsAtOnce',
  /** The reality checks answered in this login session: { started, answered }. */
  realityCheck: 'lucky28.realityCheck',
  /** The inviter of the share link this tab arrived by (/register?inviter_id=…), kept until a registration uses it. */
  invitedBy: 'lucky28.invitedBy',
} as const;
