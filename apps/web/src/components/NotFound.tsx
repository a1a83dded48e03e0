import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from './Page';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('notFound.title')}>
      <section className="coming-soon" data-testid="not-found">
        <div className="coming-soon-icon" aria-hidden>
          <QuestionCircleOutline />
        </div>
        <h2>{t('notFound.title')}</h2>
        <p>{t('notFound.body')}</p>
        <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate('/', { replace: true })}>
          {t('comingSoon.home')}
        </Button>
      </section>
    </Page>
  );
}
