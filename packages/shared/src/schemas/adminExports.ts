import { z } from 'zod';
import { auditListSchema, reviewListSchema } from './admin.js';
import { roundListSchema, moneySummarySchema } from './adminGames.js';
import { userSearchSchema } from './adminUsers.js';
import { optionalDate, optionalId, optionalInt } from './fields.js';
import { LEDGER_TYPE_MAX } from './wallet.js';

/**
 * The filters of each list's CSV export (docs/operations.md#exports): what its list screen sends,
 * without the page — the export is the whole filtered list.
 */
const noPage = { page: true, limit: true } as const;

export const depositExportSchema = reviewListSchema;
export const withdrawalExportSchema = reviewListSchema;
export const userExportSchema = userSearchSchema.omit(noPage);
/** A player's bets (`id`), or every player's, optionally of one game and period (operator dates). */
export const betExportSchema = z.object({
  id: optionalId('err.not_found'),
  game_id: optionalInt({ min: 1, max: 32_767, invalid: 'err.game_not_found' }),
  begin_date: optionalDate('err.date_invalid'),
  end_date: optionalDate('err.date_invalid'),
});
export const roundExportSchema = roundListSchema.omit(noPage);
/** A player's ledger (`id`), or every player's, optionally of one type. */
export const ledgerExportSchema = z.object({
  id: optionalId('err.not_found'),
  type: optionalInt({ max: LEDGER_TYPE_MAX, invalid: 'err.ledger_type_invalid' }),
});
export const moneyDaysExportSchema = moneySummarySchema;
export const auditExportSchema = auditListSchema.omit(noPage);

/** An export's answer: the CSV text (never checked; the download's bytes). */
export const csvFile = z.string();
