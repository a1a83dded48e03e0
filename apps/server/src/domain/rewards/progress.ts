/**
 * The one progress reader: what a campaign owes a player at `now` and how far along they are, for
 * every kind. The player's card (present.ts) and the claim path (claim.ts) both read it — the claim
 * inside its transaction, with the player's row locked, so what it pays is what the card said.
 * Each kind has its module: rakeback.ts, bonus.ts (first deposit), checkIn.ts.
 */
import type { DbOrTx } from '../../db/client.js';
import { firstDepositProgress } from './bonus.js';
import type { Campaign } from './campaigns.js';
import { checkInProgress } from './checkIn.js';
import type { Ctx, Progress } from './progressCommon.js';
import { rakebackProgress } from './rakeback.js';

export type { BonusForfeit, ClaimRow, DueClaim, Progress, RakebackDay } from './progressCommon.js';

/** The campaign's progress for the player at `now`. */
export function readProgress(db: DbOrTx, campaign: Campaign, ctx: Ctx): Promise<Progress> {
  switch (campaign.kind) {
    case 'rakeback':
      return rakebackProgress(db, campaign, ctx);
    case 'first_deposit':
      return firstDepositProgress(db, campaign, ctx);
    case 'check_in':
      return checkInProgress(db, campaign, ctx);
  }
}
