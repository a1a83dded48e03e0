import { useState } from 'react';
import { Card, Descriptions, Input, Select, Space, Table, Typography } from 'antd';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAMES } from '@lucky28/shared/game';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { dateTime } from '../../../lib/format';
import { QueryState } from '../../../components/QueryState';
import { ExportButton } from '../../../components/ExportButton';
import { PagedTable, usePagedList } from '../../../components/PagedTable';
import { OrderFinder } from './OrderFinder';
import { RoundBets } from './RoundBets';
import './rounds.css';

/** The current round of a game (stakes, the house's result per total) and its recent draws with fairness data. */
export function RoundsPage() {
  const { t } = useTranslation();
  const [gameId, setGameId] = useState<number>(GAMES[0]!.id);
  const current = useQuery({ queryKey: ['roundCurrent', gameId], queryFn: () => call(api.admin.roundCurrent, { game_id: gameId }), refetchInterval: 5_000 });
  const [issue, setIssue] = useState<string | undefined>();
  const recent = usePagedList(api.admin.roundList, { game_id: gameId, ...(issue ? { issue } : {}) }, { refetchInterval: 15_000 });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.rounds')}
        </Typography.Title>
        <Select
          aria-label={t('users.game')}
          value={gameId}
          onChange={(v) => {
            setGameId(v);
            recent.firstPage();
          }}
          options={GAMES.map(({ id }) => ({ value: id, label: t(`games.name.${id}`) }))}
          style={{ width: 200 }}
        />
      </Space>
      <Card title={t('rounds.current')}>
        <QueryState query={current}>
          {(c) => (
            <>
              <Descriptions
                size="small"
                column={{ xs: 1, md: 3 }}
                items={[
                  { key: 'issue', label: t('users.issue'), children: c.issue },
                  { key: 'close', label: t('rounds.closes'), children: dateTime(c.closes_at) },
                  { key: 'draw', label: t('rounds.draws'), children: dateTime(c.draws_at) },
                  { key: 'orders', label: t('rounds.orders'), children: c.orders },
                  { key: 'players', label: t('rounds.players'), children: c.players },
                  { key: 'stakes', label: t('rounds.stakes'), children: c.stakes },
                  {
                    key: 'cap',
                    label: t('rounds.capUse'),
                    children: Number(c.exposure_cap) > 0 ? `${c.exposure_reserved} / ${c.exposure_cap}` : t('games.noCap'),
                  },
                  { key: 'hash', label: t('rounds.commitment'), span: 3, children: <Typography.Text code>{c.hash ?? '—'}</Typography.Text> },
                ]}
              />
              <Typography.Title level={5}>{t('rounds.exposure')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('rounds.exposureNote')}</Typography.Paragraph>
              <div style={{ width: '100%', height: 260 }} data-testid="exposure-chart">
                <ResponsiveContainer>
                  <BarChart data={c.exposure.map((e) => ({ total: e.total, house: Number(e.house_worst) }))}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="total" />
                    <YAxis />
                    <Tooltip />
                    <ReferenceLine y={0} stroke="#999" />
                    {Number(c.exposure_cap) > 0 && (
                      <ReferenceLine
                        y={-Number(c.exposure_cap)}
                        stroke="#d46b08"
                        strokeDasharray="6 3"
                        ifOverflow="extendDomain"
                        label={{ value: t('rounds.capLine', { cap: c.exposure_cap }), position: 'insideBottomLeft', fill: '#d46b08' }}
                      />
                    )}
                    <Bar dataKey="house" name={t('rounds.houseResult')} fill="#b3121f" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <Table
                rowKey="class"
                size="small"
                pagination={false}
                dataSource={c.by_class}
                locale={{ emptyText: t('common.empty') }}
                columns={[
                  { title: t('users.class'), dataIndex: 'name' },
                  { title: t('rounds.orders'), dataIndex: 'orders' },
                  { title: t('rounds.stakes'), dataIndex: 'stakes' },
                ]}
              />
            </>
          )}
        </QueryState>
      </Card>
      <OrderFinder />
      <Card
        title={t('rounds.recent')}
        extra={
          <Space>
            <Input.Search
              aria-label={t('rounds.findIssue')}
              placeholder={t('rounds.findIssue')}
              allowClear
              maxLength={32}
              onSearch={(v) => {
                recent.firstPage();
                setIssue(v.trim() || undefined);
              }}
              style={{ width: 260 }}
            />
            <ExportButton call={api.admin.exportRounds} input={{ game_id: gameId, issue }} />
          </Space>
        }
      >
        {recent.query.isError && <Typography.Paragraph type="danger">{recent.query.error.message}</Typography.Paragraph>}
        <PagedTable
          paged={recent}
          expandable={{
            expandedRowRender: (r) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <span>
                  {t('rounds.commitment')}: <Typography.Text code>{r.hash}</Typography.Text>
                </span>
                <span>
                  {t('rounds.seed')}: <Typography.Text code>{r.seed}</Typography.Text>
                </span>
                <a href={`/fair?game_id=${gameId}&issue=${r.issue}`} target="_blank" rel="noreferrer">
                  {t('rounds.verify')}
                </a>
                {r.orders > 0 && <RoundBets roundId={r.id} />}
              </Space>
            ),
          }}
          columns={[
            { title: t('users.issue'), dataIndex: 'issue' },
            { title: t('rounds.result'), key: 'result', render: (_, r) => `${r.digits.join('+')}=${r.total}` },
            { title: t('rounds.drawn'), dataIndex: 'drawn_at', render: dateTime },
            { title: t('rounds.orders'), dataIndex: 'orders' },
            { title: t('rounds.stakes'), dataIndex: 'stakes' },
            { title: t('rounds.payouts'), dataIndex: 'payouts' },
            {
              title: t('rounds.houseResult'),
              dataIndex: 'house',
              render: (v: string) => <span className={Number(v) < 0 ? 'money-negative' : 'money-positive'}>{v}</span>,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
