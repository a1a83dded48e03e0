import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../../lib/format';
import * as api from '@lucky28/shared/api/refs';
import { PagedTable, usePagedList } from '../../../components/PagedTable';
import { ExportButton } from '../../../components/ExportButton';
import { call } from '../../../lib/api';
import { apiLangOf } from '../../../lib/languages';
import { actionChoices, actionWords, targetChoices, targetWords } from '../model/auditWords';

type Filters = {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  begin_date?: string;
  end_date?: string;
};

const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 1));

/** The append-only audit trail with filters (who, action, target, period) and before / after of changes. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const lang = apiLangOf(i18n.language);
  const [filters, setFilters] = useState<Filters>({});
  const audit = usePagedList(api.admin.auditList, filters, { pageSize: 50 });
  const operators = useQuery({ queryKey: ['operators'], queryFn: () => call(api.admin.operatorList) });
  const choose = { allowClear: true, showSearch: { optionFilterProp: 'label' } } as const;
  return (
    <>
      <Typography.Title level={4}>{t('menu.audit')}</Typography.Title>
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: Filters & { period?: [Dayjs, Dayjs] | null }) => {
          const { period, ...rest } = v;
          audit.firstPage();
          setFilters({ ...rest, begin_date: period?.[0]?.format('YYYY-MM-DD'), end_date: period?.[1]?.format('YYYY-MM-DD') });
        }}
      >
        <Form.Item name="operator" label={t('audit.operator')}>
          <Select
            {...choose}
            loading={operators.isPending}
            options={(operators.data ?? []).map((o) => ({ value: o.username, label: o.username }))}
            style={{ width: 140 }}
          />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select {...choose} options={actionChoices(t, lang)} popupMatchSelectWidth={false} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="target_type" label={t('audit.targetType')}>
          <Select {...choose} options={targetChoices(lang)} popupMatchSelectWidth={false} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="target_id" label={t('audit.targetId')}>
          <Input allowClear maxLength={64} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="period" label={t('audit.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <ExportButton call={api.admin.exportAudit} input={filters} />
        </Space>
      </Form>
      <PagedTable
        paged={audit}
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
          { title: t('audit.operator'), key: 'operator', render: (_, r) => (r.operator_id === null ? t('audit.systemOperator') : r.username) },
          { title: t('audit.action'), key: 'action', render: (_, r) => actionWords(lang, r.action) },
          { title: t('audit.target'), key: 'target', render: (_, r) => targetWords(lang, r.target_type, r.target_id) },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </>
  );
}
