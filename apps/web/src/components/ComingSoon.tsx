import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from './Page';

/** A real, translated page for a route whose screen comes in a later release. */
export function ComingSoon({ titleKey, back = true }: { titleKey: string; back?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(titleKey);
  return (
    <Page title={title} back={back}>
      <section className="coming-soon" data-testid="coming-soon">
        <div className="coming-soon-icon" aria-hidden>
          <ClockCircleOutline />
        </div>
        <h2>{t('comingSoon.title', { name: title })}</h2>
        <p>{t('comingSoon.body')}</p>
        <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate('/')}>
          {t('comingSoon.home')}
        </Button>
      </section>
    </Page>
  );
}
