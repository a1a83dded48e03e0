import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Loading, error (with retry) or the content of one query. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Spin />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('error.load')}
        subTitle={query.error.message}
        extra={<Button onClick={() => query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  return <>{children(query.data)}</>;
}
