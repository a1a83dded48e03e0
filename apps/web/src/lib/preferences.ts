import { create } from 'zustand';
import { readJson, storageKeys, writeJson } from './storage';

/** Device preferences (persisted in localStorage): the chosen line, the profit-vibration switch and whether chat bets skip the confirmation. */
interface Preferences {
  /** The origin of the line chosen on /changeline (the spec's activeList); '' = this page's own. */
  lineBase: string;
  profitVibration: boolean;
  setLineBase(origin: string): void;
  /** Back to this page's own address when the chosen line is no longer one of the operator's `lines`. */
  keepLineIfListed(lines: readonly string[]): void;
  setProfitVibration(on: boolean): void;
  /** Bets typed in the room's chat are placed at once, without the confirmation (docs/chat.md#bet-by-message). */
  chatBetsAtOnce: boolean;
  setChatBetsAtOnce(on: boolean): void;
}

const storedLine = readJson<unknown>('local', storageKeys.line);

export const usePreferences = create<Preferences>()((set) => ({
  // An older app stored 0 or 1 here: both were this page's own address.
  lineBase: typeof storedLine === 'string' ? storedLine : '',
  profitVibration: readJson<boolean>('local', storageKeys.profitVibration) === true,
  setLineBase(lineBase) {
    writeJson('local', storageKeys.line, lineBase);
    set({ lineBase });
  },
  keepLineIfListed(lines) {
    const { lineBase, setLineBase } = usePreferences.getState();
    if (lineBase !== '' && !lines.includes(lineBase)) setLineBase('');
  },
  setProfitVibration(on) {
    writeJson('local', storageKeys.profitVibration, on);
    set({ profitVibration: on });
  },
  chatBetsAtOnce: readJson<boolean>('local', storageKeys.chatBetsAtOnce) === true,
  setChatBetsAtOnce(on) {
    writeJson('local', storageKeys.chatBetsAtOnce, on);
    set({ chatBetsAtOnce: on });
  },
}));
