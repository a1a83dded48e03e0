import { lazy, Suspense, useState } from 'react';
import * as api from '@lucky28/shared/api/refs';
import { App, Button, Card, Drawer, Form, Input, Modal, Select, Space, Spin, Statistic, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCampaignChange, useCampaignStats, useCampaigns, type AdminCampaign } from './api';
import './texts';

/** The chart library loads only when figures are opened (the console's charts are lazy). */
const CostChart = lazy(() => import('./CostChart').then((m) => ({ default: m.CostChart })));

const LANGS = ['zh', 'tw', 'en', 'vi'] as const;
const KINDS = ['rakeback', 'first_deposit', 'check_in'] as const;
const EXAMPLE_TERMS: Record<(typeof KINDS)[number], unknown> = {
  rakeback: { tiers: [{ name: { zh: '青铜', tw: '青銅', en: 'Bronze', vi: 'Đồng' }, min_stake: 0, rate_bp: 1000 }] },
  first_deposit: { percent: 50, cap: 10000, wager_multiple: 3 },
  check_in: { rewards: [100, 200, 300, 400, 500, 600, 1000] },
};

/** Unix seconds ↔ the value of a datetime-local input (the browser's time). */
const toLocalInput = (s: number | null) => (s === null ? '' : new Date(s * 1000 - new Date(s * 1000).getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
const fromLocalInput = (v: string | undefined) => (v ? Math.floor(new Date(v).getTime() / 1000) : undefined);

interface Draft {
  id?: number;
  kind: (typeof KINDS)[number];
  title: Record<string, string>;
  terms_text: Record<string, string>;
  terms: string;
  banner?: string;
  starts_at: string;
  ends_at?: string;
  enabled: boolean;
}

function draftOf(c: AdminCampaign | null): Draft {
  if (!c) {
    return {
      kind: 'check_in',
      title: {},
      terms_text: {},
      terms: JSON.stringify(EXAMPLE_TERMS.check_in, null, 2),
      starts_at: toLocalInput(Math.floor(Date.now() / 1000)),
      enabled: true,
    };
  }
  return {
    id: c.id,
    kind: c.kind,
    title: c.title,
    terms_text: c.terms_text,
    terms: JSON.stringify(c.terms, null, 2),
    banner: c.banner,
    starts_at: toLocalInput(c.starts_at),
    ends_at: toLocalInput(c.ends_at),
    enabled: c.enabled,
  };
}

function CampaignForm({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useCampaignChange<Record<string, unknown>>(api.campaigns.campaignSave);
  const [form] = Form.useForm<Draft>();
  const submit = (v: Draft) => {
    let terms: unknown;
    try {
      terms = JSON.parse(v.terms);
    } catch {
      terms = v.terms;
    }
    save.mutate(
      { ...v, id: draft.id, terms, starts_at: fromLocalInput(v.starts_at), ends_at: fromLocalInput(v.ends_at) ?? null, banner: v.banner ?? '' },
      {
        onSuccess: () => {
          void message.success(t('campaigns.save'));
          onClose();
        },
        onError: (e) => void message.error(e.message),
      },
    );
  };
  return (
    <Modal
      open
      title={draft.id ? t('campaigns.edit') : t('campaigns.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      width={720}
    >
      <Form form={form} layout="vertical" initialValues={draft} onFinish={submit} data-testid="campaign-form">
        <Form.Item name="kind" label={t('campaigns.field.kind')}>
          <Select
            disabled={draft.id !== undefined}
            options={KINDS.map((k) => ({ value: k, label: t(`campaigns.kind.${k}`) }))}
            onChange={(k: (typeof KINDS)[number]) => form.setFieldValue('terms', JSON.stringify(EXAMPLE_TERMS[k], null, 2))}
          />
        </Form.Item>
        {LANGS.map((l) => (
          <Form.Item key={`t-${l}`} name={['title', l]} label={`${t('campaigns.field.title')} (${l})`}>
            <Input maxLength={60} />
          </Form.Item>
        ))}
        {LANGS.map((l) => (
          <Form.Item key={`x-${l}`} name={['terms_text', l]} label={`${t('campaigns.field.termsText')} (${l})`}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        ))}
        <Form.Item name="terms" label={t('campaigns.field.terms')} extra={t('campaigns.field.termsHelp')}>
          <Input.TextArea rows={6} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="banner" label={t('campaigns.field.banner')}>
          <Input maxLength={300} />
        </Form.Item>
        <Space>
          <Form.Item name="starts_at" label={t('campaigns.field.startsAt')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="ends_at" label={t('campaigns.field.endsAt')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="enabled" label={t('campaigns.field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function CampaignFigures({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const stats = useCampaignStats(id);
  return (
    <Drawer open width={640} title={t('campaigns.stats')} onClose={onClose}>
      {!stats.data ? (
        <Spin />
      ) : (
        <>
          <Space size="large" data-testid="campaign-figures">
            <Statistic title={t('campaigns.figures.claims')} value={stats.data.claims} />
            <Statistic title={t('campaigns.figures.paid')} value={stats.data.paid} />
            <Statistic title={t('campaigns.figures.players')} value={stats.data.players} />
          </Space>
          <Typography.Title level={5}>{t('campaigns.figures.chart')}</Typography.Title>
          <Suspense fallback={<Spin />}>
            <CostChart days={stats.data.days} name={t('campaigns.figures.paid')} />
          </Suspense>
        </>
      )}
    </Drawer>
  );
}

/** Campaigns (admin): list, create, edit (changes apply to new claims), end now, and each one's figures with its cost per day. */
export function CampaignsPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const campaigns = useCampaigns();
  const end = useCampaignChange<{ id: number }>(api.campaigns.campaignEnd);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [figures, setFigures] = useState<number | null>(null);
  const lang = i18n.language === 'zh-CN' ? 'zh' : i18n.language === 'zh-TW' ? 'tw' : i18n.language === 'vi' ? 'vi' : 'en';
  const when = (s: number | null) => (s === null ? '∞' : new Date(s * 1000).toLocaleString());
  return (
    <Card
      title={t('campaigns.title')}
      extra={
        <Button type="primary" onClick={() => setEditing(draftOf(null))} data-testid="campaign-add">
          {t('campaigns.new')}
        </Button>
      }
    >
      <Table<AdminCampaign>
        rowKey="id"
        loading={campaigns.isLoading}
        dataSource={campaigns.data ?? []}
        pagination={false}
        columns={[
          { title: t('campaigns.col.title'), render: (_, c) => c.title[lang] },
          { title: t('campaigns.col.kind'), render: (_, c) => t(`campaigns.kind.${c.kind}`) },
          { title: t('campaigns.col.period'), render: (_, c) => `${when(c.starts_at)} – ${when(c.ends_at)}` },
          { title: t('campaigns.col.live'), render: (_, c) => (c.live ? <Tag color="green">{t('campaigns.yes')}</Tag> : <Tag>{t('campaigns.no')}</Tag>) },
          { title: t('campaigns.col.claims'), dataIndex: 'claims' },
          { title: t('campaigns.col.paid'), dataIndex: 'paid' },
          {
            title: '',
            render: (_, c) => (
              <Space wrap>
                <Button size="small" onClick={() => setEditing(draftOf(c))}>
                  {t('campaigns.edit')}
                </Button>
                <Button size="small" onClick={() => setFigures(c.id)}>
                  {t('campaigns.stats')}
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={!c.live}
                  onClick={() =>
                    modal.confirm({
                      title: t('campaigns.endConfirm'),
                      onOk: () => end.mutateAsync({ id: c.id }).catch((e: Error) => void message.error(e.message)),
                    })
                  }
                >
                  {t('campaigns.end')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <CampaignForm draft={editing} onClose={() => setEditing(null)} />}
      {figures !== null && <CampaignFigures id={figures} onClose={() => setFigures(null)} />}
    </Card>
  );
}
