import { useState } from 'react';
import { Table, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** One page of a server list and the size of the whole list. */
export interface Paged<T> {
  total: number;
  list: T[];
}

interface PagedOptions {
  pageSize?: number;
  refetchInterval?: number;
}

/**
 * A server list read a page at a time: the call gets `params` plus `page` and `limit`. Its query key
 * is `[call, params, page]`, so a change elsewhere can refresh it by `[call, params]`.
 */
export function usePagedList<T>(call: string, params: Record<string, unknown>, { pageSize = 20, refetchInterval }: PagedOptions = {}) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: [call, params, page], queryFn: () => api<Paged<T>>(call, { ...params, page, limit: pageSize }), refetchInterval });
  return {
    query,
    /** Back to the first page, for when the caller's filters change. */
    firstPage: () => setPage(1),
    pagination: { current: page, pageSize, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false },
  };
}

type PagedTableProps<T> = { paged: ReturnType<typeof usePagedList<T>> } & Omit<TableProps<T>, 'rowKey' | 'loading' | 'dataSource' | 'pagination'>;

/** Such a list as a table, a page at a time. */
export function PagedTable<T extends { id: number }>({ paged, ...table }: PagedTableProps<T>) {
  return <Table<T> rowKey="id" size="small" loading={paged.query.isPending} dataSource={paged.query.data?.list ?? []} pagination={paged.pagination} {...table} />;
}
