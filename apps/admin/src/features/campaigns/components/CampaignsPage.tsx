import { lazy, Suspense, useState } from 'react';
import * as api from '@lucky28/shared/api/refs';
import { Alert, App, Button, Card, Drawer, Form, Input, Modal, Select, Space, Spin, Statistic, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translate } from '@lucky28/shared/messages';
import { CAMPAIGN_KINDS, campaignSaveSchema, type CampaignKind } from '@lucky28/shared/schemas';
import { ApiError } from '../../../lib/api';
import { dateMinute, fromZonedInputValue, zoneLabel, zonedInputValue } from '../../../lib/format';
import { clearEditedErrors, useDiscardGuard } from '../../../lib/forms';
import { apiLangOf } from '../../../lib/languages';
import { useCampaignChange, useCampaignStats, useCampaigns, type AdminCampaign } from '../api/campaigns';
import { TermsFields } from './TermsFields';
import { CAMPAIGN_LANGS, refusedFields } from '../model/fieldErrors';
import { blankTerms, checkTerms, termsToValues, type TermsValues } from '../model/termsForm';
import '../texts';

/** The chart library loads only when figures are opened (the console's charts are lazy). */
const CostChart = lazy(() => import('./CostChart').then((m) => ({ default: m.CostChart })));

const LANGS = CAMPAIGN_LANGS;

interface Draft {
  id?: number;
  kind: CampaignKind;
  title: Record<string, string>;
  terms_text: Record<string, string>;
  terms: TermsValues;
  banner?: string;
  starts_at: string;
  ends_at?: string;
  enabled: boolean;
}

function draftOf(c: AdminCampaign | null): Draft {
  if (!c) {
    return { kind: 'check_in', title: {}, terms_text: {}, terms: blankTerms(), starts_at: zonedInputValue(Math.floor(Date.now() / 1000)), enabled: true };
  }
  return {
    id: c.id,
    kind: c.kind,
    title: c.title,
    terms_text: c.terms_text,
    terms: termsToValues(c.kind, c.terms),
    banner: c.banner,
    starts_at: zonedInputValue(c.starts_at),
    ends_at: zonedInputValue(c.ends_at),
    enabled: c.enabled,
  };
}

/** How far before now a new start may be (the server's own grace: the two clocks may differ a little). */
const START_GRACE_S = 60;

/** An enabled campaign of `kind` other than `id` whose period overlaps [starts, ends) (an end before the start holds no time). */
function overlapping(list: AdminCampaign[], kind: CampaignKind, id: number | undefined, starts: number, ends: number | null): AdminCampaign | undefined {
  const end = (s: number, e: number | null) => (e === null ? Infinity : Math.max(s, e));
  return list.find((c) => c.enabled && c.kind === kind && c.id !== id && c.starts_at < end(starts, ends) && starts < end(c.starts_at, c.ends_at));
}

/**
 * Create or edit a campaign: its words in four languages, its dates (in the operator's time zone, as
 * every date of the console) and its terms in a form of its kind. Esc on an edited form asks before
 * discarding it. The shared schema (the server's own) checks everything before anything is sent; each field it
 * refuses shows the server's message in the console's language.
 */
function CampaignForm({ draft, list, onClose }: { draft: Draft; list: AdminCampaign[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const save = useCampaignChange<Record<string, unknown>>(api.campaigns.campaignSave);
  const [form] = Form.useForm();
  const guardClose = useDiscardGuard();
  const kind = (Form.useWatch('kind', form) as CampaignKind | undefined) ?? draft.kind;
  const say = (key: string, params?: Record<string, string | number>) => translate(apiLangOf(i18n.language), key, params);
  const submit = () => {
    // Every value, also the fields of the kind not shown (the form keeps them), read as the form holds them.
    const v = form.getFieldsValue(true) as Draft;
    const terms = checkTerms(v.kind, v.terms);
    const nowS = Math.floor(Date.now() / 1000);
    const picked = fromZonedInputValue(v.starts_at);
    // A new campaign left to start when the form opened starts when it is saved.
    const startsAt = draft.id === undefined && v.starts_at === draft.starts_at && picked !== undefined ? Math.max(picked, nowS) : picked;
    const body = {
      ...v,
      id: draft.id,
      terms: terms.ok ? terms.terms : {},
      starts_at: startsAt,
      ends_at: fromZonedInputValue(v.ends_at) ?? null,
      banner: v.banner ?? '',
    };
    const rest = campaignSaveSchema.safeParse(body);
    // The server's rules of dates, checked here first: no start in the past (unless it is a live campaign's own,
    // unchanged), and no period overlapping another enabled campaign of the kind.
    const dates: { name: (string | number)[]; message: string }[] = [];
    if (rest.success) {
      const original = draft.id === undefined ? undefined : fromZonedInputValue(draft.starts_at);
      const other = v.enabled ? overlapping(list, v.kind, draft.id, rest.data.starts_at, rest.data.ends_at ?? null) : undefined;
      if (rest.data.starts_at !== original && rest.data.starts_at < nowS - START_GRACE_S)
        dates.push({ name: ['starts_at'], message: say('err.campaign_start_past') });
      else if (other) dates.push({ name: ['starts_at'], message: say('err.campaign_overlap', { id: other.id }) });
    }
    const errors = [
      ...dates,
      ...(terms.ok ? [] : terms.errors),
      ...(rest.success
        ? []
        : rest.error.issues
            .filter((i) => i.path[0] !== 'terms')
            .map((i) => ({ name: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }))),
    ];
    if (errors.length > 0) {
      form.setFields(errors.map((e) => ({ name: e.name, errors: [say(e.message)] })));
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        void message.success(t('campaigns.saved'));
        onClose();
      },
      onError: (e) => {
        // Under the field (or fields) it is about; a message only for what the form does not show.
        const names = e instanceof ApiError ? refusedFields(e.field, v) : [];
        if (names.length === 0) return void message.error(e.message);
        form.setFields(names.map((name) => ({ name, errors: [e.message] })));
      },
    });
  };
  return (
    <Modal
      open
      title={draft.id ? t('campaigns.edit') : t('campaigns.new')}
      onCancel={guardClose(() => form.isFieldsTouched(), onClose)}
      onOk={submit}
      okText={t('campaigns.save')}
      cancelText={t('campaigns.cancel')}
      confirmLoading={save.isPending}
      width={760}
    >
      <Form form={form} layout="vertical" initialValues={draft} onValuesChange={clearEditedErrors(form)} data-testid="campaign-form">
        <Form.Item name="kind" label={t('campaigns.field.kind')}>
          <Select
            disabled={draft.id !== undefined}
            aria-label={t('campaigns.field.kind')}
            options={CAMPAIGN_KINDS.map((k) => ({ value: k, label: t(`campaigns.kind.${k}`) }))}
          />
        </Form.Item>
        {LANGS.map((l) => (
          <Form.Item
            key={`t-${l}`}
            name={['title', l]}
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: say('err.campaign_title_required') }]}
            label={`${t('campaigns.field.title')} (${t(`campaigns.lang.${l}`)})`}
          >
            <Input maxLength={60} />
          </Form.Item>
        ))}
        {LANGS.map((l) => (
          <Form.Item
            key={`x-${l}`}
            name={['terms_text', l]}
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: say('err.campaign_terms_text_required') }]}
            label={`${t('campaigns.field.termsText')} (${t(`campaigns.lang.${l}`)})`}
          >
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        ))}
        <Typography.Title level={5}>{t('campaigns.field.terms')}</Typography.Title>
        <Alert
          type="info"
          showIcon
          data-testid="campaign-rules"
          message={t('campaigns.rules.title')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              <li>{t('campaigns.rules.oneAtATime')}</li>
              {kind === 'rakeback' && <li>{t('campaigns.rules.edgeShare')}</li>}
              {kind === 'rakeback' && <li>{t('campaigns.rules.tiersAtRisk')}</li>}
              {kind === 'first_deposit' && <li>{t('campaigns.rules.wageringAtRisk')}</li>}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
        <TermsFields kind={kind} />
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
        <Typography.Paragraph type="secondary" data-testid="campaign-form-zone">
          {t('zone.label', { zone: zoneLabel() })}
        </Typography.Paragraph>
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
  const when = (s: number | null) => (s === null ? '∞' : dateMinute(s));
  return (
    <Card
      title={t('campaigns.title')}
      extra={
        <Button type="primary" onClick={() => setEditing(draftOf(null))} data-testid="campaign-add">
          {t('campaigns.new')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" data-testid="campaigns-zone">
        {t('zone.label', { zone: zoneLabel() })}
      </Typography.Paragraph>
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
      {editing && <CampaignForm draft={editing} list={campaigns.data ?? []} onClose={() => setEditing(null)} />}
      {figures !== null && <CampaignFigures id={figures} onClose={() => setFigures(null)} />}
    </Card>
  );
}
