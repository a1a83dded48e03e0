import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/Logo';
import { Page } from '../../../components/Page';
import { useVersionLabel } from '../../../lib/api/siteConfig';
import './settings.css';

/** /about (docs/product.md#small-settings-screens): logo, version, copyright. */
export function AboutScreen() {
  const { t } = useTranslation();
  const version = useVersionLabel();
  return (
    <Page title={t('settings.about')} backFallback="/setting?type=1">
      <section className="about">
        <Logo size={96} />
        <h2>Lucky28</h2>
        <p className="about-version" data-testid="about-version">
          {t('about.version', { version })}
        </p>
        <p className="about-tagline">{t('about.tagline')}</p>
      </section>
      <footer className="about-copyright">{t('about.copyright', { year: 2021 })}</footer>
    </Page>
  );
}
