/**
 * Texts of the game screens (issue 5): a second catalogue, `locales/game/game.<lang>.json`, merged into
 * the app's one i18next instance when a game screen loads, so its ~3 KB per language stay off the
 * first screen's JavaScript budget (DESIGN §10). Home's live cards keep their keys in the main
 * catalogue. Checked for completeness by `npm run i18n:check` like the main catalogue.
 */
import { currentLanguage, i18n } from '../lib/i18n';

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/game/game.*.json');
const loading = new Map<string, Promise<void>>();

function load(lang: string): Promise<void> {
  let pending = loading.get(lang);
  if (!pending) {
    const importer = bundles[`./locales/game/game.${lang}.json`];
    pending = importer
      ? importer().then((m) => {
          i18n.addResourceBundle(lang, 'translation', m.default, true, false);
        })
      : Promise.resolve();
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

let following = false;

/** Loads the game texts of the current language (once), and of any language switched to later. */
export function loadGameTexts(): Promise<void> {
  if (!following) {
    following = true;
    i18n.on('languageChanged', (lang: string) => void load(lang).catch(() => {}));
  }
  return load(currentLanguage());
}
