import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { api, operatorMayCall, zonedParts, type ApiCall } from '@lucky28/shared';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { lastDaysRange, parseDateRange } from '../../http/dateRange.js';
import { optionalDateRange } from '../../http/optionalDateRange.js';
import { csvChunks } from '../../domain/exports/csv.js';
import {
  auditExport,
  betsExport,
  depositsExport,
  ledgerExport,
  moneyDaysExport,
  roundsExport,
  usersExport,
  withdrawalsExport,
  type ExportContext,
  type ExportList,
} from '../../domain/exports/lists.js';
import { audited } from './audited.js';
import { userFiltersOf } from './userFilters.js';

/** One export: its call, the list it reads and how the call's filters become the list's. */
interface ExportRoute<C extends ApiCall, F> {
  call: C;
  /** The file's and the audit row's name for the list. */
  name: string;
  list: ExportList<F>;
  filters: (input: z.output<C['input']>) => F;
}

const route = <C extends ApiCall, F>(r: ExportRoute<C, F>) => r;

/**
 * Every list as CSV (docs/operations.md#exports): one generic route per list definition
 * (domain/exports/lists.ts). The filters are checked before the first byte (a refusal is the
 * envelope); the rows stream from the report reads (the replica when configured) in pages by key;
 * the audit row — who, which list, the filters, how many rows, whether the file was finished — is
 * written when the stream ends, also when the client goes away mid-way.
 */
export default async function adminExportRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;
  const now = () => app.clock.now();
  const exports = [
    route({ call: api.admin.exportDeposits, name: 'deposits', list: depositsExport, filters: (f) => ({ status: f.status }) }),
    route({ call: api.admin.exportWithdrawals, name: 'withdrawals', list: withdrawalsExport, filters: (f) => ({ status: f.status }) }),
    route({ call: api.admin.exportUsers, name: 'users', list: usersExport, filters: (f) => userFiltersOf(f, tz) }),
    route({
      call: api.admin.exportBets,
      name: 'bets',
      list: betsExport,
      filters: (f) => ({ userId: f.id, gameId: f.game_id, ...optionalDateRange(f, tz) }),
    }),
    route({
      call: api.admin.exportRounds,
      name: 'rounds',
      list: roundsExport,
      filters: (f) => {
        if (!app.game.snapshot.games.has(f.game_id)) throw new AppError('err.game_not_found', { field: 'game_id' });
        return { gameId: f.game_id, issue: f.issue ?? undefined };
      },
    }),
    route({ call: api.admin.exportLedger, name: 'ledger', list: ledgerExport, filters: (f) => ({ userId: f.id, type: f.type }) }),
    route({
      call: api.admin.exportMoneyDays,
      name: 'moneyDays',
      list: moneyDaysExport,
      // The dashboard's period rules (admin/moneySummary).
      filters: (f) => {
        const { last_days: lastDays, ...dates } = f;
        if (lastDays !== undefined && (dates.begin_date || dates.end_date)) throw new AppError('err.period_dates_or_days', { field: 'last_days' });
        const { from, to } = parseDateRange(lastDays === undefined ? dates : lastDaysRange(lastDays, now(), tz), now(), tz);
        if (to - from > 367 * 86_400_000) throw new AppError('err.period_too_long', { field: 'begin_date' });
        return { from, to, keepOn: app.db };
      },
    }),
    route({
      call: api.admin.exportAudit,
      name: 'audit',
      list: auditExport,
      filters: (f) => ({ operator: f.operator, action: f.action, targetType: f.target_type, targetId: f.target_id, ...optionalDateRange(f, tz) }),
    }),
  ];

  for (const e of exports) {
    serve(app, e.call, {}, async (request, reply) => send(request, reply, e as ExportRoute<ApiCall, unknown>, request.body as never));
  }

  async function send(request: FastifyRequest, reply: FastifyReply, e: ExportRoute<ApiCall, unknown>, input: Record<string, unknown>) {
    const filters = e.filters(input);
    const role = request.operator!.role;
    // The fields the list screens and queues show in full to a role, the export shows in full to it:
    // identities to those who verify them (the real-name queue), payout accounts to those who pay out.
    const reveals = { identity: operatorMayCall(api.admin.realNameList.access, role), payout: operatorMayCall(api.admin.withdrawList.access, role) };
    const ctx: ExportContext = { lang: request.lang, timeZone: tz, now: now(), reveals };
    const db = await app.replicaReads.forReport();
    let rows = 0;
    let finished = false;
    const list = e.list;
    async function* body() {
      try {
        yield* csvChunks(list, db, filters, ctx, app.config.exportPageSize, () => rows++);
        finished = true;
      } finally {
        // The filters the operator set: a field left empty (absent, or null after parsing) filtered nothing.
        const { lang: _lang, ...given } = input;
        const shown = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== null && v !== undefined));
        await audited(app, request, (_tx, record) =>
          record({
            action: 'export.csv',
            targetType: 'export',
            targetId: e.name,
            detail: { filters: shown, rows, finished, revealed: list.masked.filter((kind) => reveals[kind]) },
          }),
        ).catch((err: unknown) => request.log.error({ err }, 'export audit row not written'));
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${e.name}-${stamp(ctx.now, tz)}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(body()));
  }
}

/** "20261203-1240" in the operator's time zone: the file's name says when it was made. */
function stamp(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}${two(p.month)}${two(p.day)}-${two(p.hour)}${two(p.minute)}`;
}
