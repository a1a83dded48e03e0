/**
 * The answers' TypeScript types, inferred from the zod schemas the server declares on its routes —
 * the one description of each answer. Type-only: a client imports these with `import type` and no
 * zod enters its bundle.
 */
import type { z } from 'zod';
import type { loginInfoData, payAccountData, safetyInfoData, userInfoData, userinfoData } from './account.js';
import type {
  betEntryData,
  candData,
  fairChainData,
  fairRoundData,
  feedEntryData,
  gameHeartData,
  hallData,
  homeHeartData,
  issueListData,
  oddsListData,
  orderListData,
  roomHeartData,
} from './lottery.js';
import type { supportConfigData, supportHandoffData } from './support.js';
import type {
  depositDetailsData,
  depositRequestData,
  ledgerRowData,
  realNameInfoData,
  shimingData,
  uploadData,
  withdrawActionData,
  withdrawInfoData,
} from './wallet.js';

// Accounts
export type LoginInfo = z.infer<typeof loginInfoData>;
/** Login, register, guest login and a password change answer `{ userinfo }`. */
export type LoginAnswer = z.infer<typeof userinfoData>;
export type UserInfo = z.infer<typeof userInfoData>;
export type SafetyInfo = z.infer<typeof safetyInfoData>;
/** A bound payout account as its owner sees it (masked). */
export type PayAccount = z.infer<typeof payAccountData>;

// Lottery
export type Hall = z.infer<typeof hallData>;
export type HallGame = Hall['gameList'][number];
export type HallRoom = HallGame['planList'][number];
export type HomeHeart = z.infer<typeof homeHeartData>;
export type HomeGameRound = HomeHeart['games'][number];
export type GameHeart = z.infer<typeof gameHeartData>;
export type RoomHeart = z.infer<typeof roomHeartData>;
export type LastIssue = NonNullable<RoomHeart['last_issue']>;
export type HitNotice = RoomHeart['hit_notice'][number];
export type FeedEntry = z.infer<typeof feedEntryData>;
export type OddsList = z.infer<typeof oddsListData>;
export type OddsEntry = OddsList['rule_base'][number];
export type BetEntry = z.infer<typeof betEntryData>;
export type DrawEntry = z.infer<typeof issueListData>[number];
export type CandleEntry = z.infer<typeof candData>[number];
export type OrderRow = z.infer<typeof orderListData>[number];
export type FairRound = z.infer<typeof fairRoundData>;
export type FairChain = z.infer<typeof fairChainData>;

// Wallet
export type DepositDetails = z.infer<typeof depositDetailsData>;
export type DepositRequest = z.infer<typeof depositRequestData>;
export type WithdrawInfo = z.infer<typeof withdrawInfoData>;
export type WithdrawAction = z.infer<typeof withdrawActionData>;
export type LedgerEntry = z.infer<typeof ledgerRowData>;
export type RealNameInfo = z.infer<typeof realNameInfoData>;
/** user/shiming: the new real-name status. */
export type RealNameStatus = z.infer<typeof shimingData>;
export type UploadAnswer = z.infer<typeof uploadData>;

// Support
export type SupportConfig = z.infer<typeof supportConfigData>;
export type SupportHandoff = z.infer<typeof supportHandoffData>;
