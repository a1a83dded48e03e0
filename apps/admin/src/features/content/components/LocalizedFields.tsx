import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGS } from '../api/content';

/** One text field per language (zh, tw, en, vi) under `name`. */
export function LocalizedFields({ name, label, max, multiline = false }: { name: string; label: string; max: number; multiline?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {CONTENT_LANGS.map((lang) => (
        <Form.Item
          key={lang}
          name={[name, lang]}
          label={`${label} · ${t(`content.langs.${lang}`)}`}
          rules={[{ required: true, whitespace: true, message: t('consoleForms.missingLanguage', { field: label, language: t(`content.langs.${lang}`) }) }]}
        >
          {multiline ? <Input.TextArea maxLength={max} autoSize={{ minRows: 2, maxRows: 6 }} /> : <Input maxLength={max} />}
        </Form.Item>
      ))}
    </>
  );
}
