import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import type { LedgerEntry, WithdrawInfo } from '@lucky28/shared/schemas';
import { ApiError, call, send, upload } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { useRefreshingMutation } from '../../../hooks/useRefreshingMutation';

export type { LedgerEntry, WithdrawInfo };

export const rechargeInfoQueryOptions = () =>
  queryOptions({ queryKey: ['wallet', 'recharge'] as const, queryFn: () => call(api.wallet.recharge), staleTime: 0 });

export type DepositChannel = 'usdt' | 'bank';

/**
 * A screenshot upload refused with the server's reason keeps it (and the field it names); one that
 * failed without a message — no network, a time-out, an answer that is not ours — says "upload
 * failed" on the screenshot (docs/product.md#error-handling), as the real-name pictures do. A lost session stays what it is.
 */
function uploadFailure(err: unknown): unknown {
  if (err instanceof ApiError && (err.kind === 'unauthorized' || (err.kind === 'business' && err.message))) return err;
  const failed = err instanceof ApiError ? err : null;
  return new ApiError(i18n.t('common.uploadFailed'), failed?.kind ?? 'network', failed?.code ?? null, failed?.status ?? null, 'screenshot', failed?.requestId);
}

/** The screenshot (common.uploadRechargeScreenshot) then the request itself (user/depositRequest), pending review. */
export async function submitDeposit(input: { money: string; channel: DepositChannel; file: File; idempotencyKey: string }) {
  const uploaded = await upload(api.common.uploadRechargeScreenshot, input.file).catch((err: unknown) => {
    throw uploadFailure(err);
  });
  return send(api.wallet.depositRequest, { money: input.money, channel: input.channel, screenshot: uploaded.url }, { idempotencyKey: input.idempotencyKey });
}

export const useSubmitDeposit = () => useRefreshingMutation(submitDeposit, [['wallet']]);

export const withdrawInfoQueryOptions = () =>
  queryOptions({ queryKey: ['wallet', 'withdrawInfo'] as const, queryFn: () => call(api.wallet.withdrawInfo), staleTime: 0 });

export const withdrawAction = (input: { type: 0 | 1; money: string; securityCode: string; idempotencyKey: string }) =>
  send(api.wallet.withdrawAction, { type: input.type, money: input.money, securityCode: input.securityCode }, { idempotencyKey: input.idempotencyKey });

export const useWithdraw = () => useRefreshingMutation(withdrawAction, [['wallet'], ['user', 'info']], { evenOnFailure: true });

/** Takes back the pending withdrawal (the money returns to the balance); the withdraw info and balance are read again. */
export const useCancelWithdrawal = () =>
  useRefreshingMutation(() => send(api.protection.withdrawReverse), [['wallet'], ['user', 'info']], { evenOnFailure: true });

export interface LedgerFilter {
  /** "YYYY-MM-DD"; empty = today (docs/product.md#validation-rules). */
  begin: string;
  end: string;
  /** undefined = all types. */
  type?: number;
}

/** `user/quantityLogList` for a date range and optional type. */
export function useLedger(filter: LedgerFilter) {
  return useQuery({
    queryKey: ['wallet', 'ledger', filter.begin, filter.end, filter.type ?? 'all'] as const,
    queryFn: ({ signal }) =>
      call(
        api.wallet.quantityLogList,
        { begin_date: filter.begin, end_date: filter.end, ...(filter.type === undefined ? {} : { type: filter.type }) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
