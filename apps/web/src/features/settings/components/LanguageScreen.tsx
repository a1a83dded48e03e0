import { useState } from 'react';
import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { showSuccess } from '../../../lib/feedback';
import { LANGUAGE_CHOICES, chooseLanguage, i18n, storedLanguageChoice, type LanguageChoice } from '../../../lib/i18n';

/** Each language is named in itself, so it can be found whatever the current language is. */
const NATIVE: Record<LanguageChoice, string | null> = {
  system: null,
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  vi: 'Tiếng Việt',
};

/**
 * /language (docs/product.md#small-settings-screens): follow the system, English, simplified or traditional Chinese, Vietnamese.
 * The choice is stored and the whole app (antd-mobile's texts and the API's messages included)
 * switches at once.
 */
export function LanguageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<LanguageChoice>(storedLanguageChoice);

  const pick = async (next: LanguageChoice) => {
    setChoice(next);
    await chooseLanguage(next);
    // Server texts (messages, articles) come in the request's language: fetch them again.
    void queryClient.invalidateQueries();
    // In the language just chosen: this render's `t` is bound to the one before.
    showSuccess(i18n.t('language.switched'));
  };

  return (
    <Page title={t('routes.language')}>
      <List mode="card">
        {LANGUAGE_CHOICES.map((c) => (
          <List.Item
            key={c}
            arrowIcon={false}
            onClick={() => void pick(c)}
            description={NATIVE[c] ? (t(`language.choice.${c}`) === NATIVE[c] ? null : t(`language.choice.${c}`)) : t('language.systemHint')}
            extra={choice === c ? <CheckOutline className="check" aria-label={t('common.selected')} /> : null}
            data-testid={`language-${c}`}
          >
            {NATIVE[c] ?? t('language.choice.system')}
          </List.Item>
        ))}
      </List>
    </Page>
  );
}
