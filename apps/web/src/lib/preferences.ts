import { create } from 'zustand';
import { readJson, storageKeys, writeJson } from './storage';

/** Device preferences (persisted in localStorage): the chosen line and the profit-vibration switch. */
interface Preferences {
  /** 0 = line 1, 1 = line 2 (spec's activeList). */
  line: 0 | 1;
  profitVibration: boolean;
  setLine(line: 0 | 1): void;
  setProfitVibration(on: boolean): void;
}

export const usePreferences = create<Preferences>()((set) => ({
  line: readJson<number>('local', storageKeys.line) === 1 ? 1 : 0,
  profitVibration: readJson<boolean>('local', storageKeys.profitVibration) === true,
  setLine(line) {
    writeJson('local', storageKeys.line, line);
    set({ line });
  },
  setProfitVibration(on) {
    writeJson('local', storageKeys.profitVibration, on);
    set({ profitVibration: on });
  },
}));
