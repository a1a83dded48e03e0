import { Alert, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../texts';
import './content.css';
import { BannersPanel } from './BannersPanel';
import { ArticlesPanel } from './ArticlesPanel';
import { TabsPanel } from './TabsPanel';
import { AnnouncementsPanel } from './AnnouncementsPanel';

/** Content management (admin): banners, articles, article tabs, announcements. */
export function ContentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = params.get('tab') ?? 'banners';
  return (
    <Card title={t('content.title')}>
      <Alert type="info" showIcon message={t('content.liveNote')} style={{ marginBottom: 12 }} />
      <Tabs
        activeKey={active}
        onChange={(tab) => setParams({ tab }, { replace: true })}
        items={[
          { key: 'banners', label: t('content.banners'), children: <BannersPanel /> },
          { key: 'articles', label: t('content.articles'), children: <ArticlesPanel /> },
          { key: 'tabs', label: t('content.tabs'), children: <TabsPanel /> },
          { key: 'announcements', label: t('content.announcements'), children: <AnnouncementsPanel /> },
        ]}
      />
    </Card>
  );
}
