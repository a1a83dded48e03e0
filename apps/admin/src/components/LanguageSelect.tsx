import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import { LANGUAGES, type Language } from '../lib/languages';

/**
 * The console's language, as the browser's own select: the sign-in screen shows it, and antd's Select
 * (its popup, virtual list and what they pull in) was a sixth of that screen's download on a slow line.
 */
export function LanguageSelect() {
  const { i18n, t } = useTranslation();
  return (
    <select
      className="language-select"
      aria-label={t('common.language')}
      value={i18n.language}
      onChange={(e) => void changeLanguage(e.target.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}
