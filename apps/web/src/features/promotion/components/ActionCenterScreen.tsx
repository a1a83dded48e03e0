import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { QueryBody } from '../../../components/QueryBody';
import type { ReactNode } from 'react';
import { useActivityBanners } from '../api/banners';
import './promotion.css';

/** Same-site paths or http(s) links only. */
const safeLink = (link: string | null) => (link && (/^\/(?!\/)/.test(link) || /^https?:\/\//.test(link)) ? link : null);

/** /actionCenter (docs/product.md#account-screens): what the app puts first (the rewards' campaigns, app/screens/ActionCenterRoute.tsx), then the activity banners the operators publish. */
export function ActionCenterScreen({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const banners = useActivityBanners();
  return (
    <Page title={t('routes.actionCenter')} backFallback="/GamePromotion">
      {children}
      <QueryBody query={banners}>
        {(list) =>
          list.length === 0 ? (
            <ErrorBlock status="empty" title={t('notice.nothing')} description="" />
          ) : (
            <ul className="activity-list">
              {list.map((b) => {
                const img = <img src={b.image} alt={b.title} width={750} height={300} loading="lazy" />;
                const link = safeLink(b.link);
                return (
                  <li key={b.id} data-testid="activity-banner">
                    {link ? <a href={link}>{img}</a> : img}
                    {b.title && <span className="activity-title">{b.title}</span>}
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryBody>
    </Page>
  );
}
