import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ID_DOC_TYPES, type IdDocType } from '@lucky28/shared/idNumber';
import { currentLanguage } from '../lib/i18n';
import './IdDocTypePicker.css';

/** The document a player most likely holds, by the app's language: a first choice they can change. */
export const likelyDocType = (): IdDocType => {
  const lang = currentLanguage();
  return lang === 'zh-CN' ? 'cn' : lang === 'zh-TW' ? 'tw' : 'passport';
};

/** Which document an ID number is of (its format check depends on it), by short names. Texts: `i18n/locales/idDoc`. */
export function IdDocTypePicker({ value, onChange }: { value: IdDocType; onChange: (v: IdDocType) => void }) {
  const { t } = useTranslation();
  return (
    <Selector
      className="id-doc-types"
      aria-label={t('idDoc.type')}
      columns={3}
      showCheckMark={false}
      value={[value]}
      onChange={(v) => v[0] && onChange(v[0])}
      options={ID_DOC_TYPES.map((type) => ({ label: t(`idDoc.short.${type}`), value: type }))}
      data-testid="id-doc-type"
    />
  );
}
