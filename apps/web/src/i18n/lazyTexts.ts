import { currentLanguage, i18n } from '../lib/i18n';

type Bundles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * A second catalogue of texts, merged into the app's one i18next instance when the screens that use
 * it load, so that its strings stay off the first screen's JavaScript budget (docs/design.md#performance-budgets). Answers
 * the loader: it loads the current language's texts once, and any language switched to later.
 */
export function lazyTexts(bundles: Bundles, fileOf: (lang: string) => string): () => Promise<void> {
  const loading = new Map<string, Promise<void>>();
  let following = false;

  const load = (lang: string): Promise<void> => {
    let pending = loading.get(lang);
    if (!pending) {
      const importer = bundles[fileOf(lang)];
      pending = importer
        ? importer().then((m) => {
            i18n.addResourceBundle(lang, 'translation', m.default, true, false);
          })
        : Promise.resolve();
      pending.catch(() => loading.delete(lang));
      loading.set(lang, pending);
    }
    return pending;
  };

  return () => {
    if (!following) {
      following = true;
      i18n.on('languageChanged', (lang: string) => void load(lang).catch(() => {}));
    }
    return load(currentLanguage());
  };
}
