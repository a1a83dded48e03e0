/**
 * Texts of the game screens: a second catalogue, `locales/game/game.<lang>.json`, merged into
 * the app's one i18next instance when a game screen loads, so its ~3 KB per language stay off the
 * first screen's JavaScript budget (docs/design.md#performance-budgets). Home's live cards keep their keys in the main
 * catalogue. Checked for completeness by `npm run i18n:check` like the main catalogue.
 */
import { lazyTexts } from './lazyTexts';

/** Loads the game texts of the current language (once), and of any language switched to later. */
export const loadGameTexts = lazyTexts(
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/game/game.*.json'),
  (lang) => `./locales/game/game.${lang}.json`,
);
