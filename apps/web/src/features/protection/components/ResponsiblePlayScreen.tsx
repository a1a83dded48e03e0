import { useState, type ReactNode } from 'react';
import { Button, Input, List, Popup, Selector, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import {
  BREAK_DURATIONS,
  LIMIT_PERIODS,
  LIMIT_RAISE_DELAY_MS,
  MONEY_LIMIT_KINDS,
  REALITY_CHECK_CHOICES,
  SESSION_LIMIT,
  readLimitValue,
  type BreakDuration,
  type ExclusionKind,
  type LimitKind,
} from '@lucky28/shared/protection';
import type { LimitInfo } from '@lucky28/shared/schemas';
import { alertDialog, confirmDialog } from '../../../components/dialogQueue';
import { LoadError } from '../../../components/LoadError';
import { Page } from '../../../components/Page';
import { useBackCloses } from '../../../hooks/useBackCloses';
import { endSession } from '../../../lib/endSession';
import { showError, showNotice, showSuccess } from '../../../lib/feedback';
import { apiMessage } from '../../../lib/validation';
import { setLimit, setRealityCheck, takeBreak, useProtectionInfo, useProtectionMutation } from '../api/protection';
import { zonedTime } from '../model/zonedTime';
import './protection.css';

interface Editing {
  kind: string;
  period: string;
  current: LimitInfo | undefined;
}

/** One limit's line: what is in force, what is used, and a raise or removal still waiting its 24 hours. */
function LimitItem({ kind, period, limit, zone, onEdit }: { kind: string; period: string; limit: LimitInfo | undefined; zone?: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const when = (unix: number) => zonedTime(unix, zone);
  const unit = kind === 'session' ? t('protection.minutes') : 'u';
  const lines: string[] = [];
  // A limit of 0 ("0.00") is a limit like any other: only null means none.
  const amount = limit?.amount ?? null;
  if (limit && amount !== null) {
    lines.push(
      kind === 'session'
        ? t('protection.usedSession', { used: limit.used })
        : t('protection.used', { used: limit.used, resets: limit.resets_at ? when(limit.resets_at) : '' }),
    );
  }
  if (limit?.pending_from) {
    lines.push(
      limit.pending_amount === null
        ? t('protection.pendingRemoval', { at: when(limit.pending_from) })
        : t('protection.pendingRaise', { amount: `${limit.pending_amount} ${unit}`, at: when(limit.pending_from) }),
    );
  }
  return (
    <List.Item
      onClick={onEdit}
      extra={<span data-testid={`limit-${kind}-${period}-amount`}>{amount !== null ? `${amount} ${unit}` : t('protection.none')}</span>}
      description={lines.length ? lines.map((l) => <div key={l}>{l}</div>) : undefined}
      data-testid={`limit-${kind}-${period}`}
    >
      {t(`protection.limit.${kind}.${period}`)}
    </List.Item>
  );
}

/** How each kind of break is named in the texts and test ids, and how its buttons look (self-exclusion warns). */
const BREAK_KINDS = {
  timeout: { texts: 'timeout', testId: 'timeout', look: {} },
  self_exclusion: { texts: 'selfExclusion', testId: 'self-exclusion', look: { color: 'danger', fill: 'outline' } },
} as const;

/** One kind of break: its explanation and a button per duration. */
function BreakChoices({ kind, onChoose }: { kind: ExclusionKind; onChoose: (duration: BreakDuration) => void }) {
  const { t } = useTranslation();
  const { texts, testId, look } = BREAK_KINDS[kind];
  return (
    <List mode="card" header={t(`protection.${texts}.header`)}>
      <List.Item description={t(`protection.${texts}.hint`)}>
        <div className="rp-buttons">
          {BREAK_DURATIONS[kind].map((d) => (
            <Button key={d} size="small" shape="rounded" {...look} onClick={() => onChoose(d)} data-testid={`${testId}-${d}`}>
              {t(`protection.duration.${d}`)}
            </Button>
          ))}
        </div>
      </List.Item>
    </List>
  );
}

/**
 * A money limit of 0 stops what it limits at once, and lifting it waits 24 hours (issue 42): the
 * player confirms what that means, with the earliest time in the operator's zone, before it is saved.
 */
async function confirmZero(t: TFunction, editing: Editing, zone: string | undefined): Promise<boolean> {
  const until = zonedTime(Math.floor((Date.now() + LIMIT_RAISE_DELAY_MS) / 1000), zone);
  return confirmDialog({
    title: t('protection.zero.title', { limit: t(`protection.limit.${editing.kind}.${editing.period}`) }),
    content: <span data-testid="limit-zero-confirm">{t(`protection.zero.${editing.kind}`, { until })}</span>,
    confirmText: t('protection.zero.submit'),
    cancelText: t('common.cancel'),
    danger: true,
  });
}

/** The popup that sets, lowers, raises or removes one limit; Back closes it. */
function LimitEditor({ editing, zone, onClose }: { editing: Editing | null; zone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const save = useProtectionMutation(setLimit);
  useBackCloses(editing !== null, onClose, 'limit-editor');
  const submit = async (remove: boolean) => {
    if (!editing || save.isPending) return;
    // The server's own rule first: an empty or malformed limit is said here and nothing is sent.
    const read = remove ? null : readLimitValue(editing.kind as LimitKind, value);
    if (read && 'problem' in read) return showNotice(apiMessage(read.problem, read.params));
    if (read && read.value === 0 && editing.kind !== 'session' && !(await confirmZero(t, editing, zone))) return;
    save.mutate(
      { kind: editing.kind, period: editing.period, ...(remove ? { remove: 1 as const } : { amount: value.trim() }) },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          setValue('');
          onClose();
        },
        onError: showError,
      },
    );
  };
  const session = editing?.kind === 'session';
  return (
    <Popup visible={editing !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="rp-editor">
      {editing && (
        <div className="rp-editor-body" data-testid="limit-editor">
          <h3>{t(`protection.limit.${editing.kind}.${editing.period}`)}</h3>
          <p className="rp-hint">{t('protection.delayHint')}</p>
          <Input
            value={value}
            onChange={setValue}
            inputMode={session ? 'numeric' : 'decimal'}
            placeholder={
              session ? t('protection.minutesPlaceholder', { min: SESSION_LIMIT.minMinutes, max: SESSION_LIMIT.maxMinutes }) : t('protection.amountPlaceholder')
            }
            aria-label={t(`protection.limit.${editing.kind}.${editing.period}`)}
            data-testid="limit-input"
            clearable
          />
          <div className="rp-editor-actions">
            {editing.current?.amount != null && (
              <Button shape="rounded" onClick={() => void submit(true)} loading={save.isPending} data-testid="limit-remove">
                {t('protection.remove')}
              </Button>
            )}
            <Button
              color="primary"
              shape="rounded"
              className="btn-primary"
              onClick={() => void submit(false)}
              loading={save.isPending}
              data-testid="limit-save"
            >
              {t('common.save')}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}

/** The self-exclusion step: what it means, then the password; Back closes it. */
function SelfExclusionPopup({ duration, onClose, onDone }: { duration: BreakDuration | null; onClose: () => void; onDone: (until: number) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const start = useProtectionMutation(takeBreak);
  useBackCloses(duration !== null, onClose, 'self-exclusion');
  const submit = () => {
    if (!duration || start.isPending) return;
    start.mutate({ kind: 'self_exclusion', duration, password }, { onSuccess: (answer) => onDone(answer.data.until), onError: showError });
  };
  return (
    <Popup visible={duration !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="rp-editor">
      {duration && (
        <div className="rp-editor-body" data-testid="self-exclusion-confirm">
          <h3>{t('protection.selfExclusion.confirmTitle', { duration: t(`protection.duration.${duration}`) })}</h3>
          <p className="rp-hint">{t('protection.selfExclusion.confirmText')}</p>
          <Input
            type="password"
            value={password}
            onChange={setPassword}
            placeholder={t('protection.password')}
            aria-label={t('protection.password')}
            autoComplete="current-password"
            clearable
          />
          <div className="rp-editor-actions">
            <Button shape="rounded" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button color="danger" shape="rounded" onClick={submit} loading={start.isPending} data-testid="self-exclusion-submit">
              {t('protection.selfExclusion.submit')}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}

/**
 * /responsiblePlay: the player's limits, the reality-check interval, a time-out and
 * self-exclusion. Raising or removing a limit waits 24 hours; a break ends only when it expires.
 */
export function ResponsiblePlayScreen({ extra }: { extra?: ReactNode } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useProtectionInfo();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [selfExclusion, setSelfExclusion] = useState<BreakDuration | null>(null);
  const reality = useProtectionMutation(setRealityCheck);
  const timeout = useProtectionMutation(takeBreak);
  const limits = info.data?.limits ?? [];
  // Times in the operator's zone, as limits reset and the server's messages name them.
  const zone = info.data?.time_zone;
  const when = (unix: number) => zonedTime(unix, zone);
  const find = (kind: string, period: string) => limits.find((l) => l.kind === kind && l.period === period);

  const breakStarted = async (until: number) => {
    // The server has ended every session: tell when the break ends, then leave for the login screen.
    await alertDialog({ content: t('protection.breakStarted', { until: when(until) }), confirmText: t('common.ok') });
    endSession();
    navigate('/login', { replace: true });
  };

  const startTimeout = async (duration: BreakDuration) => {
    const ok = await confirmDialog({
      content: t('protection.timeout.confirm', { duration: t(`protection.duration.${duration}`) }),
      confirmText: t('protection.timeout.submit'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    timeout.mutate({ kind: 'timeout', duration }, { onSuccess: (answer) => void breakStarted(answer.data.until), onError: showError });
  };

  const edit = (kind: string, period: string) => setEditing({ kind, period, current: find(kind, period) });

  return (
    <Page title={t('protection.title')} backFallback="/setting?type=2" className="rp">
      {info.isLoading && <Skeleton.Paragraph lineCount={8} animated />}
      {info.isError && !info.data && <LoadError error={info.error} onRetry={() => void info.refetch()} />}
      <p className="rp-intro">{t('protection.intro')}</p>

      {MONEY_LIMIT_KINDS.map((kind) => (
        <List key={kind} mode="card" header={t(`protection.group.${kind}`)}>
          {LIMIT_PERIODS.map((period) => (
            <LimitItem key={period} kind={kind} period={period} limit={find(kind, period)} zone={zone} onEdit={() => edit(kind, period)} />
          ))}
        </List>
      ))}
      <List mode="card" header={t('protection.group.session')}>
        <LimitItem kind="session" period="session" limit={find('session', 'session')} zone={zone} onEdit={() => edit('session', 'session')} />
      </List>

      <List mode="card" header={t('protection.reality.header')}>
        <List.Item description={t('protection.reality.hint')}>
          <Selector
            columns={3}
            options={REALITY_CHECK_CHOICES.map((m) => ({ label: t('protection.everyMinutes', { count: m }), value: m }))}
            value={info.data ? [info.data.reality_check] : []}
            onChange={(v) => {
              const minutes = v[0];
              if (minutes === undefined) return;
              reality.mutate(minutes, { onSuccess: (a) => showSuccess(a.msg), onError: showError });
            }}
            data-testid="reality-selector"
          />
        </List.Item>
      </List>

      {extra}

      <BreakChoices kind="timeout" onChoose={(d) => void startTimeout(d)} />
      <BreakChoices kind="self_exclusion" onChoose={setSelfExclusion} />

      <LimitEditor editing={editing} zone={zone} onClose={() => setEditing(null)} />
      <SelfExclusionPopup duration={selfExclusion} onClose={() => setSelfExclusion(null)} onDone={(until) => void breakStarted(until)} />
    </Page>
  );
}
