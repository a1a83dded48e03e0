import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import { LANGUAGES, type Language } from '../lib/languages';

export function LanguageSelect() {
  const { i18n, t } = useTranslation();
  return (
    <Select
      aria-label={t('common.language')}
      size="small"
      value={i18n.language as Language}
      onChange={(v: Language) => void changeLanguage(v)}
      options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
      style={{ width: 120 }}
    />
  );
}
