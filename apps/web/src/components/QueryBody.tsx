import type { ReactNode } from 'react';
import { Skeleton } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './LoadError';

/** A screen's body for the query it shows: its data rendered, else its error with a retry, else a skeleton. */
export function QueryBody<T>({ query, lines = 8, children }: { query: UseQueryResult<T>; lines?: number; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <Skeleton.Paragraph animated lineCount={lines} className="page-skeleton" />;
}
