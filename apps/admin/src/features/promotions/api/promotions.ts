import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, InputOf } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

export type Budget = AnswerOf<typeof api.redPackets.budget>;
export type BudgetMovement = Budget['movements']['list'][number];
export type AdminPacket = AnswerOf<typeof api.redPackets.packetList>['list'][number];
export type PacketClaimant = AdminPacket['claimants'][number];
export type DropInput = InputOf<typeof api.redPackets.packetDrop>;
export type TopUpInput = InputOf<typeof api.redPackets.budgetTopUp>;

const BUDGET_KEY = [api.redPackets.budget.name];
const PAGE_SIZE = 20;

/** The budget's balance and one page of its movements, newest first. */
export function useBudget() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...BUDGET_KEY, page],
    queryFn: () => call(api.redPackets.budget, { page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return {
    query,
    pagination: { current: page, pageSize: PAGE_SIZE, total: query.data?.movements.total ?? 0, onChange: setPage, showSizeChanger: false },
  };
}

/** Everything a change to the budget or the packets shows again: the balance, its movements, the packets. */
function useRefreshPromotions() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: BUDGET_KEY });
    void client.invalidateQueries({ queryKey: [api.redPackets.packetList.name] });
  };
}

/** Adds the house's money to the budget (amount and note as typed: the server reads them exactly). */
export function useBudgetTopUp() {
  const refresh = useRefreshPromotions();
  return useMutation({ mutationFn: (body: TopUpInput) => call(api.redPackets.budgetTopUp, body), onSuccess: refresh });
}

/** Drops a packet; its total leaves the budget at once. */
export function usePacketDrop() {
  const refresh = useRefreshPromotions();
  return useMutation({ mutationFn: (body: DropInput) => call(api.redPackets.packetDrop, body), onSuccess: refresh });
}
