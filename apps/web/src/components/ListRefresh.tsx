import type { ReactNode } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './ListRefresh.css';

/**
 * Pull-to-refresh for a whole list screen, with the app's one wording in every language. It fills
 * the screen below the header, so a pull starts anywhere (also on an empty or short list).
 */
export function ListRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="list-refresh" data-testid="list-refresh">
      <PullToRefresh
        onRefresh={async () => void (await onRefresh())}
        pullingText={t('common.pullToRefresh')}
        canReleaseText={t('common.releaseToRefresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        <div className="list-refresh-body">{children}</div>
      </PullToRefresh>
    </div>
  );
}
