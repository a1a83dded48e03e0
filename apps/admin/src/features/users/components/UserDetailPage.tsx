import { Button, Card, Descriptions, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { dateTime } from '../../../lib/format';
import { QueryState } from '../../../components/QueryState';
import { PagedTable, usePagedList, type RowOf } from '../../../components/PagedTable';
import { ExportButton } from '../../../components/ExportButton';
import { UserActions } from './UserActions';
import { AdjustBalance } from './AdjustBalance';
import { ProtectionStatus } from './ProtectionStatus';
import { OperatorLink } from './OperatorLink';
import { userDetailQuery, type PayAccount, type UserDetail } from '../api/users';

type LedgerRow = RowOf<typeof api.admin.userLedger>;
type BetRow = RowOf<typeof api.admin.userBets>;

/** The columns of a player's ledger tab. */
const ledgerColumns = (t: TFunction): ColumnsType<LedgerRow> => [
  { title: t('common.time'), dataIndex: 'createtime', render: dateTime },
  { title: t('users.type'), dataIndex: 'type', render: (v: number) => t(`ledgerType.${v}`) },
  { title: t('common.status'), dataIndex: 'status', render: (v: number) => t(`ledgerStatus.${v}`) },
  { title: t('users.wallet'), dataIndex: 'wallet', render: (v: string) => t(`users.${v}`) },
  { title: t('common.amount'), dataIndex: 'quantity' },
  { title: t('users.after'), dataIndex: 'over' },
  { title: t('users.memo'), dataIndex: 'memo' },
];

/** The columns of a player's bets tab. */
const betColumns = (t: TFunction): ColumnsType<BetRow> => [
  { title: t('common.time'), dataIndex: 'createtime', render: dateTime },
  { title: t('users.game'), key: 'game', render: (_, r) => `${r.game} · ${r.room}` },
  { title: t('users.issue'), dataIndex: 'issue' },
  { title: t('users.class'), dataIndex: 'play_name' },
  { title: t('common.amount'), dataIndex: 'amount' },
  { title: t('users.odds'), dataIndex: 'odds' },
  { title: t('users.profit'), key: 'profit', render: (_, r) => (r.status === 0 ? t('users.open') : r.profit) },
];

/** A masked payout account (a card whose holder was not found to be the verified real name marked so), with an audited "show in full". */
function AccountLine({ userId, account }: { userId: number; account: PayAccount }) {
  const { t } = useTranslation();
  const reveal = useMutation({ mutationFn: () => call(api.admin.userRevealAccount, { id: userId, type: account.type }) });
  const shown = reveal.data ?? account;
  return (
    <Space wrap>
      <Tag>{account.type === 0 ? t('queue.bank') : t('queue.wallet')}</Tag>
      <span data-testid={`account-${account.type}`}>
        {account.type === 0 ? `${shown.acc_bank} ${shown.acc_name} · ${shown.acc}` : `${shown.acc_name.toUpperCase()} ${shown.acc}`}
      </span>
      {account.holder_checked === false && (
        <Tag color="orange" data-testid="holder-unchecked">
          {t('users.holderUnchecked')}
        </Tag>
      )}
      {!reveal.data && (
        <Button size="small" loading={reveal.isPending} onClick={() => reveal.mutate()}>
          {t('users.reveal')}
        </Button>
      )}
      {reveal.isError && <Typography.Text type="danger">{reveal.error.message}</Typography.Text>}
    </Space>
  );
}

function Overview({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const yes = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'money', label: t('users.money'), children: user.money },
        { key: 'score', label: t('users.score'), children: user.score },
        { key: 'balance', label: t('users.balance'), children: <strong data-testid="user-balance">{user.balance}</strong> },
        { key: 'real', label: t('queue.truename'), children: user.real_name },
        { key: 'shiming', label: t('users.verified'), children: yes(user.shiming === 2) },
        { key: 'code', label: t('users.hasCode'), children: yes(user.has_security_code) },
        { key: 'inviter', label: t('users.inviter'), children: user.inviter ? <Link to={`/users/${user.inviter.id}`}>{user.inviter.username}</Link> : '—' },
        {
          key: 'invitees',
          label: `${t('users.invitees')} (${user.invitees.total})`,
          children: (
            <Space wrap>
              {user.invitees.list.map((i) => (
                <Link key={i.id} to={`/users/${i.id}`}>
                  {i.username}
                </Link>
              ))}
            </Space>
          ),
        },
        {
          key: 'accounts',
          label: t('queue.account'),
          span: 2,
          children: (
            <Space orientation="vertical">
              {user.accounts.map((a) => (
                <AccountLine key={a.type} userId={user.id} account={a} />
              ))}
            </Space>
          ),
        },
        {
          key: 'protection',
          label: t('users.protection'),
          span: 2,
          children: <ProtectionStatus status={user.protection} />,
        },
        { key: 'created', label: t('users.registered'), children: dateTime(user.created_at) },
        ...(user.imported
          ? [
              {
                key: 'imported',
                label: t('users.imported'),
                span: 2,
                children: (
                  <Space wrap data-testid="user-imported">
                    <Tag color="purple">{t('users.importedAgent', { agent: user.imported.agent || '—' })}</Tag>
                    <span>{t('users.importedAs', { id: user.imported.source_id, name: user.imported.source_username })}</span>
                    {!user.imported.open && <Tag color="orange">{t('users.importedClosed')}</Tag>}
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** A player's page: balances, accounts, inviter and invitees, sessions, ledger, bets, and the actions. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const user = useQuery({ ...userDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const ledger = usePagedList(api.admin.userLedger, { id });
  const bets = usePagedList(api.admin.userBets, { id });
  return (
    <QueryState query={user}>
      {(u) => (
        <Card
          title={
            <Space>
              <span>
                {u.username} (#{u.id}) {u.nickname && `· ${u.nickname}`}
              </span>
              {u.frozen && <Tag color="red">{t('users.frozen')}</Tag>}
              {u.group_id === 2 && <Tag>{t('users.guest')}</Tag>}
              {u.operator_linked && (
                <Tag color="purple" data-testid="operator-linked">
                  {t('users.operatorLink.linkedTag')}
                </Tag>
              )}
            </Space>
          }
          extra={
            <Space wrap>
              <UserActions user={u} />
              <AdjustBalance user={u} />
              <OperatorLink user={u} />
            </Space>
          }
        >
          <Tabs
            items={[
              { key: 'overview', label: t('users.overview'), children: <Overview user={u} /> },
              {
                key: 'ledger',
                label: t('users.ledger'),
                children: (
                  <>
                    <ExportButton call={api.admin.exportLedger} input={{ id }} />
                    <PagedTable<LedgerRow> paged={ledger} columns={ledgerColumns(t)} />
                  </>
                ),
              },
              {
                key: 'bets',
                label: t('users.bets'),
                children: (
                  <>
                    <ExportButton call={api.admin.exportBets} input={{ id }} />
                    <PagedTable<BetRow> paged={bets} columns={betColumns(t)} />
                  </>
                ),
              },
              {
                key: 'sessions',
                label: t('users.sessions'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    dataSource={u.sessions}
                    pagination={false}
                    columns={[
                      { title: t('users.signedIn'), dataIndex: 'created_at', render: dateTime },
                      { title: t('users.lastSeen'), dataIndex: 'last_seen_at', render: dateTime },
                      { title: 'IP', dataIndex: 'ip' },
                      { title: t('users.device'), dataIndex: 'user_agent', ellipsis: true },
                    ]}
                  />
                ),
              },
            ]}
          />
        </Card>
      )}
    </QueryState>
  );
}
