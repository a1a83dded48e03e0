import { useState } from 'react';
import { Button, DatePicker, Form, Input, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { dateTime } from '../../lib/format';

interface AuditRow {
  id: number;
  username: string;
  action: string;
  target_type: string;
  target_id: string;
  detail: { before?: unknown; after?: unknown; [k: string]: unknown } | null;
  ip: string;
  created_at: number;
}
interface Filters {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  begin_date?: string;
  end_date?: string;
}

const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 1));

/** The append-only audit trail with filters (who, action, target, period) and before / after of changes. */
export function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['audit', filters, page], queryFn: () => api<{ total: number; list: AuditRow[] }>('auditList', { ...filters, page, limit: 50 }) });
  return (
    <>
      <Typography.Title level={4}>{t('menu.audit')}</Typography.Title>
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: Filters & { period?: [Dayjs, Dayjs] | null }) => {
          const { period, ...rest } = v;
          setPage(1);
          setFilters({ ...rest, begin_date: period?.[0]?.format('YYYY-MM-DD'), end_date: period?.[1]?.format('YYYY-MM-DD') });
        }}
      >
        <Form.Item name="operator" label={t('audit.operator')}>
          <Input allowClear maxLength={64} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input allowClear maxLength={64} placeholder="deposit." style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="target_type" label={t('audit.targetType')}>
          <Input allowClear maxLength={32} placeholder="user" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="target_id" label={t('audit.targetId')}>
          <Input allowClear maxLength={64} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="period" label={t('audit.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<AuditRow>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: 50, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        expandable={{
          rowExpandable: (r) => r.detail !== null,
          expandedRowRender: (r) => (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
              {r.detail && ('before' in r.detail || 'after' in r.detail) ? (
                <>
                  <div>
                    <Typography.Text strong>{t('audit.before')}</Typography.Text>
                    <pre>{show(r.detail.before)}</pre>
                  </div>
                  <div>
                    <Typography.Text strong>{t('audit.after')}</Typography.Text>
                    <pre>{show(r.detail.after)}</pre>
                  </div>
                </>
              ) : (
                <pre>{show(r.detail)}</pre>
              )}
            </div>
          ),
        }}
        columns={[
          { title: t('common.time'), dataIndex: 'created_at', render: dateTime },
          { title: t('audit.operator'), dataIndex: 'username' },
          { title: t('audit.action'), dataIndex: 'action' },
          { title: t('audit.target'), key: 'target', render: (_, r) => (r.target_type ? `${r.target_type} #${r.target_id}` : '') },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </>
  );
}
