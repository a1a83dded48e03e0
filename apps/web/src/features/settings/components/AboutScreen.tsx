import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@lucky28/shared/version';
import { Logo } from '../../../components/Logo';
import { Page } from '../../../components/Page';

/** /about (spec §2.8): logo, version, copyright. */
export function AboutScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('settings.about')} backFallback="/setting?type=1">
      <section className="about">
        <Logo size={96} />
        <h2>Lucky28</h2>
        <p className="about-version" data-testid="about-version">
          {t('about.version', { version: APP_VERSION })}
        </p>
        <p className="about-tagline">{t('about.tagline')}</p>
      </section>
      <footer className="about-copyright">{t('about.copyright', { year: 2021 })}</footer>
    </Page>
  );
}
