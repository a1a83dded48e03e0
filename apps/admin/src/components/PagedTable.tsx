import { useState } from 'react';
import { Table, type TableProps } from 'antd';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AnswerOf, InputOf } from '@lucky28/shared/api';
import { pagedQuery, type PagedCall } from '../lib/pagedQuery';

interface PagedOptions {
  pageSize?: number;
  refetchInterval?: number;
}

/**
 * A server list read a page at a time: the call gets `params` plus `page` and `limit`. Its query key
 * is `[call's name, params, page]`, so a change elsewhere can refresh it by `[call's name, params]`.
 */
export function usePagedList<C extends PagedCall>(ref: C, params: Omit<InputOf<C>, 'page' | 'limit'>, { pageSize = 20, refetchInterval }: PagedOptions = {}) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...pagedQuery(ref, params, page, pageSize), refetchInterval });
  return {
    query,
    /** Back to the first page, for when the caller's filters change. */
    firstPage: () => setPage(1),
    pagination: { current: page, pageSize, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false },
  };
}

/** A paged list as the table reads it, its rows of type T. */
interface PagedList<T> {
  query: Pick<UseQueryResult<{ list: T[] }>, 'isPending' | 'data'>;
  pagination: ReturnType<typeof usePagedList>['pagination'];
}

/** The type of a row of a paged call's answer. */
export type RowOf<C extends PagedCall> = AnswerOf<C>['list'][number];

type PagedTableProps<T> = { paged: PagedList<T> } & Omit<TableProps<T>, 'rowKey' | 'loading' | 'dataSource' | 'pagination'>;

/** Such a list as a table, a page at a time. */
export function PagedTable<T extends { id: number }>({ paged, ...table }: PagedTableProps<T>) {
  return (
    <Table<T> rowKey="id" size="small" loading={paged.query.isPending} dataSource={paged.query.data?.list ?? []} pagination={paged.pagination} {...table} />
  );
}
