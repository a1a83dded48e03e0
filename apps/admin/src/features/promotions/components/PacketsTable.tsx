import { useState } from 'react';
import { Button, Descriptions, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as api from '@lucky28/shared/api/refs';
import { PagedTable, usePagedList } from '../../../components/PagedTable';
import { dateMinute, dateTime } from '../../../lib/format';
import { gameConfigQuery, roomTitle } from '../../../lib/rooms';
import type { AdminPacket, PacketClaimant } from '../api/promotions';

const STATUS_COLOR: Record<AdminPacket['status'], string> = { scheduled: 'blue', open: 'green', empty: 'default', expired: 'orange' };

/** A packet's claims (claim number, player, share, time), its seed once revealed and the claim sequence's hash. */
function PacketClaims({ packet }: { packet: AdminPacket }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`packet-claims-${packet.id}`}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'hash', label: t('packets.col.seedHash'), children: <Typography.Text code>{packet.seed_hash}</Typography.Text> },
          {
            key: 'seed',
            label: t('packets.seed'),
            children: packet.seed ? (
              <Typography.Text code>{packet.seed}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('packets.seedHidden')}</Typography.Text>
            ),
          },
          ...(packet.claims_hash
            ? [{ key: 'claims', label: t('packets.claimsHash'), children: <Typography.Text code>{packet.claims_hash}</Typography.Text> }]
            : []),
          ...(packet.greeting ? [{ key: 'greeting', label: t('packets.form.greeting'), children: packet.greeting }] : []),
        ]}
      />
      <Table<PacketClaimant>
        rowKey="claim_no"
        size="small"
        pagination={false}
        dataSource={packet.claimants}
        locale={{ emptyText: t('packets.claims.none') }}
        columns={[
          { title: t('packets.claims.no'), dataIndex: 'claim_no', width: 90 },
          { title: t('packets.claims.player'), key: 'player', render: (_, c) => <Link to={`/users/${c.user_id}`}>{`${c.username} (#${c.user_id})`}</Link> },
          { title: t('packets.claims.share'), dataIndex: 'share' },
          { title: t('common.time'), dataIndex: 'createtime', render: dateTime },
        ]}
      />
    </div>
  );
}

/** Every red packet, newest first, a page at a time; a row opens to its claims. */
export function PacketsTable() {
  const { t, i18n } = useTranslation();
  const packets = usePagedList(api.redPackets.packetList, {});
  const config = useQuery(gameConfigQuery);
  const [open, setOpen] = useState<number[]>([]);
  const toggle = (id: number) => setOpen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const rooms = new Map((config.data?.games ?? []).flatMap((g) => g.rooms.map((r) => [r.id, roomTitle(r, i18n.language)] as const)));
  const qualifies = (p: AdminPacket) =>
    p.at_risk_days > 0 ? t('packets.qualifies.atRisk', { amount: p.min_at_risk, days: p.at_risk_days }) : t('packets.qualifies.members');
  const columns: ColumnsType<AdminPacket> = [
    { title: '#', dataIndex: 'id', width: 60 },
    { title: t('packets.col.room'), key: 'room', render: (_, p) => `${rooms.get(p.plan_id) ?? ''} (#${p.plan_id})` },
    { title: t('packets.col.total'), dataIndex: 'total' },
    { title: t('packets.col.shares'), dataIndex: 'shares' },
    {
      title: t('packets.col.money'),
      key: 'wallet',
      render: (_, p) => (p.wallet === 'bonus' ? t('packets.wallet.bonus', { multiple: p.wager_multiple }) : t('packets.wallet.cash')),
    },
    { title: t('packets.col.qualifies'), key: 'qualifies', render: (_, p) => qualifies(p) },
    {
      title: t('packets.col.claimed'),
      key: 'claimed',
      render: (_, p) => (
        <span data-testid={`packet-claimed-${p.id}`}>
          {t('packets.claimedOf', { claimed: p.claimed, shares: p.shares, paid: p.paid })}
          {p.returned !== '0.00' && ` · ${t('packets.returnedAmount', { amount: p.returned })}`}
        </span>
      ),
    },
    { title: t('common.status'), dataIndex: 'status', render: (s: AdminPacket['status']) => <Tag color={STATUS_COLOR[s]}>{t(`packets.status.${s}`)}</Tag> },
    { title: t('packets.col.window'), key: 'window', render: (_, p) => `${dateMinute(p.opens_at)} – ${dateMinute(p.closes_at)}` },
    {
      title: t('packets.col.seedHash'),
      dataIndex: 'seed_hash',
      render: (h: string) => (
        <Typography.Text code copyable={{ text: h }} title={h}>
          {`${h.slice(0, 12)}…`}
        </Typography.Text>
      ),
    },
    { title: t('packets.col.createdBy'), key: 'by', render: (_, p) => `${p.created_by} · ${dateMinute(p.createtime)}` },
    {
      title: '',
      key: 'claims',
      render: (_, p) => (
        <Button size="small" aria-expanded={open.includes(p.id)} onClick={() => toggle(p.id)}>
          {t('packets.claims.toggle', { n: p.claimants.length })}
        </Button>
      ),
    },
  ];
  return (
    <PagedTable<AdminPacket>
      paged={packets}
      columns={columns}
      scroll={{ x: true }}
      locale={{ emptyText: t('common.empty') }}
      expandable={{ expandedRowKeys: open, showExpandColumn: false, expandedRowRender: (p) => <PacketClaims packet={p} /> }}
    />
  );
}
