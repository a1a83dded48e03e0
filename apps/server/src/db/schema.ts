/**
 * The whole database schema. Money is always bigint minor units (cents); odds are stored as
 * integer hundredths (2.0x = 200) so that settlement never touches floating point.
 * Migrations are generated from this file by `npm run db:generate -w apps/server`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  customType,
  primaryKey,
  foreignKey,
  date,
  numeric,
} from 'drizzle-orm/pg-core';

const money = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * The columns of a request an operator decides (deposits, withdrawals, real names): its status, new
 * requests starting at `pending`, the reason, who decided and when.
 */
const reviewColumns = (pending: number) => ({
  status: smallint('status').notNull().default(pending),
  reason: text('reason'),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Players and their sessions

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 1 full member, 2 guest. */
    groupId: smallint('group_id').notNull().default(1),
    inviterId: integer('inviter_id'),
    nickname: text('nickname'),
    avatar: smallint('avatar').notNull().default(0),
    /** ID-card number from user/profile (spec "idcard"); set once. */
    idcard: text('idcard'),
    /** Real-name status: 0 unverified, 1 under review, 2 verified. */
    shiming: smallint('shiming').notNull().default(0),
    realName: text('real_name'),
    securityCodeHash: text('security_code_hash'),
    /** Withdrawable balance, cents. */
    money: money('money').notNull().default(0),
    /** Stored funds / bonus balance, cents; spent first when betting. */
    score: money('score').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    /** Player protection: a time-out or self-exclusion ends only at this instant. */
    excludedUntil: timestamp('excluded_until', { withTimezone: true }),
    /** 'timeout' or 'self_exclusion' while excluded_until is set. */
    exclusionKind: text('exclusion_kind'),
    excludedAt: timestamp('excluded_at', { withTimezone: true }),
    /** Minutes between the app's reality checks: 15, 30 or 60 (never off). */
    realityCheckMinutes: smallint('reality_check_minutes').notNull().default(60),
    /** Responsible play: the player asked to be offered no promotions (rewards). */
    promotionsOptOut: boolean('promotions_opt_out').notNull().default(false),
    /** Set once at registration when the inviter shares the new member's IP or device (domain/referral/marks.ts): 'ip', 'device' or 'ip_device'. */
    referralFlag: text('referral_flag'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`), index('users_inviter_idx').on(t.inviterId)],
);

/** A WAL position ("16/B374D848"), as PostgreSQL writes it. */
const pgLsn = customType<{ data: string; driverData: string }>({ dataType: () => 'pg_lsn' });

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the bearer token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** WAL position after the player's last write commit (db/replicaReads.ts): a replica serves the player past it only. */
    commitLsn: pgLsn('commit_lsn'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId), index('sessions_ip_idx').on(t.ip)],
);

/** Failed attempts per key (e.g. "login:alice:1.2.3.4", "safety:42"), for back-off lockouts. */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bound payout accounts: type 0 bank card, 1 virtual wallet. One of each per user. */
export const payAccounts = pgTable(
  'pay_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    /** Bank card: card number. Wallet: wallet type (trc20, erc20, omni). As the spec's forms use them. */
    accName: text('acc_name').notNull(),
    /** Bank card: holder name. Wallet: address. */
    acc: text('acc').notNull(),
    accBank: text('acc_bank').notNull().default(''),
    mark: text('mark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a bound account was last replaced by another (null: never, only bound). */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /**
     * A bank card whose holder was found to be the player's verified real name (when bound, or when the
     * name was verified later). False: bound while no name was verified, or the verified name differs.
     */
    holderChecked: boolean('holder_checked').notNull().default(false),
  },
  (t) => [uniqueIndex('pay_accounts_user_type_uq').on(t.userId, t.type)],
);

// ---------------------------------------------------------------------------------------------
// The ledger: every balance change is one row, written in the same transaction as the change.

export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 0 recharge, 1 withdraw, 2 purchase (bet), 3 profit (payout), 4 gift, 5 commission (referral). */
    type: smallint('type').notNull(),
    /** 0 pending, 1 passed, 2 rejected. */
    status: smallint('status').notNull().default(1),
    /** Which balance the row moves: 'money' or 'score'. */
    wallet: text('wallet').notNull().default('money'),
    /** Signed amount in cents. */
    quantity: money('quantity').notNull(),
    /** Whether quantity is reflected in the balance (a pending deposit is not, a pending withdrawal is). */
    applied: boolean('applied').notNull().default(true),
    /** money + score after this row was applied, cents (spec "over"). */
    over: money('over').notNull(),
    /** Region code: the game id for bets and payouts, 0 otherwise. */
    gorct: smallint('gorct').notNull().default(0),
    /** What the row belongs to, e.g. 'order', 'deposit', 'withdrawal', 'seed'. */
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_user_time_idx').on(t.userId, t.createdAt),
    index('ledger_ref_idx').on(t.refType, t.refId),
    // Gifts by day for the money dashboard.
    index('ledger_type_time_idx').on(t.type, t.createdAt),
    // A commission payment (type 5) names the commission row it pays: one payment per row.
    uniqueIndex('ledger_commission_uq')
      .on(t.refId)
      .where(sql`type = 5`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Games, rooms, rounds and bets

export const games = pgTable('games', {
  /** Spec ids: 7 American, 6 European, 5 Korean, 2 Australian, 1 Canadian. */
  id: smallint('id').primaryKey(),
  code: text('code').notNull(),
  tabIndex: smallint('tab_index').notNull(),
  /** Opening hours in the operator's time zone, "HH:MM"; both null = always open. */
  openFrom: text('open_from'),
  openTo: text('open_to'),
  enabled: boolean('enabled').notNull().default(true),
  /** An operator's change waiting for the next round: { enabled, open_from, open_to }. */
  pending: jsonb('pending'),
  /** When `pending` takes effect: the start of the round after the change. */
  pendingFrom: timestamp('pending_from', { withTimezone: true }),
  /** The most the house may lose on any outcome of one round (all rooms), cents; 0 = no cap (docs/design.md, "Exposure cap"). */
  exposureCap: money('exposure_cap').notNull().default(0),
});

/** Betting rooms ("plans" in the spec). */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    gameId: smallint('game_id')
      .notNull()
      .references(() => games.id),
    /** 0 basic, 1 self, 2 master, 3 expert (beginner … ultimate tier). */
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    /** The title in the four languages { zh, tw, en, vi }; null = `title` everywhere. */
    titleI18n: jsonb('title_i18n'),
    /** Minimum stake, cents. */
    minLimit: money('min_limit').notNull(),
    /** Balance needed to enter, cents. */
    joinLimit: money('join_limit').notNull(),
    /** Per-class overrides: { "<class>": { odds, min, max } } (odds in hundredths, limits in cents). */
    oddsOverride: jsonb('odds_override'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** An operator's change waiting for the next round: { title, title_i18n, min_limit, join_limit, odds_override, enabled }. */
    pending: jsonb('pending'),
    /** When `pending` takes effect: the start of the round after the change (bets already placed keep their odds). */
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
  },
  (t) => [index('rooms_game_idx').on(t.gameId)],
);

/** One hash chain per game (docs/design.md#the-hash-chain). The secret c0 never leaves the server. */
export const hashChains = pgTable('hash_chains', {
  id: serial('id').primaryKey(),
  gameId: smallint('game_id')
    .notNull()
    .references(() => games.id),
  /** c0, hex. */
  secret: text('secret').notNull(),
  /** Number of hashes N; the chain is c0 … cN. */
  length: integer('length').notNull(),
  /** cN, hex: published before any round of this chain is played. */
  terminalHash: text('terminal_hash').notNull(),
  /** How many seeds of this chain rounds have taken so far. */
  used: integer('used').notNull().default(0),
  createdAt: createdAt(),
});

export const rounds = pgTable(
  'rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: smallint('game_id')
      .notNull()
      .references(() => games.id),
    /** YYYYMMDD + 3-digit sequence. */
    issue: text('issue').notNull(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => hashChains.id),
    /** k such that this round's seed is c(k). */
    chainIndex: integer('chain_index').notNull(),
    /** Commitment: SHA-256 of the seed = c(k+1), hex. */
    hash: text('hash').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    drawsAt: timestamp('draws_at', { withTimezone: true }).notNull(),
    /** Revealed seed c(k), hex; null until drawn. */
    seed: text('seed'),
    /** The 20 drawn numbers, ascending, comma-separated; null until drawn. */
    numbers: text('numbers'),
    digit1: smallint('digit1'),
    digit2: smallint('digit2'),
    digit3: smallint('digit3'),
    total: smallint('total'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** When the rooms' accepted-bets lists were built (migration 0025): no bet is accepted after it. */
    betsListedAt: timestamp('bets_listed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rounds_game_issue_uq').on(t.gameId, t.issue),
    index('rounds_game_draws_idx').on(t.gameId, t.drawsAt),
    // The scheduler's "due for a draw" query reads only undrawn rounds.
    index('rounds_undrawn_idx')
      .on(t.drawsAt)
      .where(sql`drawn_at is null`),
    // fair/round finds the previous round of a chain by its link.
    index('rounds_chain_idx').on(t.chainId, t.chainIndex),
  ],
);

/**
 * A round's exposure reservation (domain/betting/exposureCap.ts): per outcome class (total × 4 + digit
 * pattern), what the bets winning on it would cost the house beyond their own stakes, cents.
 */
export const roundExposure = pgTable(
  'round_exposure',
  {
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => rounds.id),
    outcome: smallint('outcome').notNull(),
    reserved: money('reserved').notNull(),
    /** The cap the row was last judged against (the game's when the bet was placed), cents. */
    cap: money('cap').notNull(),
  },
  (t) => [primaryKey({ name: 'round_exposure_pk', columns: [t.roundId, t.outcome] })],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    gameId: smallint('game_id').notNull(),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => rounds.id),
    issue: text('issue').notNull(),
    /** Bet class (docs/design.md#bet-classes). */
    playType: smallint('play_type').notNull(),
    /** Stake, cents. */
    amount: money('amount').notNull(),
    /** Part of the stake taken from score / money, cents (refunds go back where they came from). */
    fromScore: money('from_score').notNull().default(0),
    fromMoney: money('from_money').notNull().default(0),
    /** Odds at placement, hundredths (the regular odds; 13/14 exceptions are rules, not odds). */
    odds: integer('odds').notNull(),
    /** Odds when the total is 13 or 14 for classes with that exception (docs/design.md#the-odds-table), hundredths. */
    oddsSpecial: integer('odds_special'),
    /** 0 awaiting draw, 1 settled. */
    status: smallint('status').notNull().default(0),
    whetherHit: smallint('whether_hit'),
    /** Net result, cents: payout − stake. Null until settled. */
    profit: money('profit'),
    payout: money('payout'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    index('orders_round_status_idx').on(t.roundId, t.status),
    index('orders_user_time_idx').on(t.userId, t.createdAt),
    // The scheduler's check for drawn rounds with orders still open reads only open orders.
    index('orders_open_round_idx')
      .on(t.roundId)
      .where(sql`status = 0`),
    // The money dashboard's dated figures (domain/wallet/moneySummary.ts).
    index('orders_created_idx').on(t.createdAt),
    index('orders_settled_idx')
      .on(t.settledAt)
      .where(sql`settled_at is not null`),
  ],
);

/**
 * Missing counts and runs per game and bet class (docs/statistics.md), counted over the game's drawn
 * rounds in drawing order, updated in each draw's transaction (domain/game/drawStatistics.ts).
 */
export const drawStatistics = pgTable(
  'draw_statistics',
  {
    gameId: smallint('game_id')
      .notNull()
      .references(() => games.id),
    /** A bet class id; the exact totals 0–27 are classes 100–127. */
    classId: smallint('class_id').notNull(),
    /** The last round the class came in; null = not yet. */
    lastRoundId: bigint('last_round_id', { mode: 'number' }).references(() => rounds.id),
    /** Draws since it last came (every draw counted when it never came). */
    currentAbsence: integer('current_absence').notNull().default(0),
    /** The most draws in a row without it, the current absence included. */
    longestAbsence: integer('longest_absence').notNull().default(0),
    /** How many of the latest draws in a row it came in. */
    currentRun: integer('current_run').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.classId] })],
);

/** How many draws of a game `draw_statistics` has counted, and the last: checked against the rounds at start. */
export const drawStatisticsGames = pgTable('draw_statistics_games', {
  gameId: smallint('game_id')
    .primaryKey()
    .references(() => games.id),
  draws: integer('draws').notNull().default(0),
  lastRoundId: bigint('last_round_id', { mode: 'number' }).references(() => rounds.id),
});

/** A player's streak alerts (docs/statistics.md#streak-alerts): opt-in, one row per game and class. */
export const streakAlerts = pgTable(
  'streak_alerts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: smallint('game_id')
      .notNull()
      .references(() => games.id),
    classId: smallint('class_id').notNull(),
    /** Alert when the class's current run reaches this many draws. */
    minRun: smallint('min_run').notNull(),
    /** The last alert sent for this row: the rate limit's clock. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId, t.classId] }), index('streak_alerts_game_idx').on(t.gameId, t.classId)],
);

/**
 * The money dashboard's figures of a closed day (ended more than ten minutes ago) in one time zone,
 * computed once from the tables (domain/wallet/moneySummary.ts): such a day no longer changes.
 */
export const moneyDays = pgTable(
  'money_days',
  {
    timeZone: text('time_zone').notNull(),
    day: text('day').notNull(),
    deposits: money('deposits').notNull(),
    withdrawals: money('withdrawals').notNull(),
    gifts: money('gifts').notNull(),
    stakes: money('stakes').notNull(),
    payouts: money('payouts').notNull(),
    players: integer('players').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'money_days_pk', columns: [t.timeZone, t.day] })],
);

/**
 * Retried requests with the same Idempotency-Key are answered from here (invariant I4). A key is
 * scoped to its user and its operation ('bet', 'deposit', 'withdraw'); the row is written with the
 * answer in the request's own transaction (domain/idempotency.ts), so it exists only for requests
 * that were applied. Rows from before scopes existed have scope and fingerprint ''.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    scope: text('scope').notNull().default(''),
    key: text('key').notNull(),
    /** SHA-256 of the request's parameters (secrets left out): the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull().default(''),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_user_scope_key_uq').on(t.userId, t.scope, t.key)],
);

// ---------------------------------------------------------------------------------------------
// Wallet: uploads, deposit requests, withdrawals, real-name

/** Private uploads; files live under DATA_DIR/uploads with the server-chosen name. */
export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'recharge_screenshot', 'idcard'. */
    kind: text('kind').notNull(),
    /** Random server-chosen name, also the public handle in URLs. */
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_name_uq').on(t.name), index('uploads_user_idx').on(t.userId)],
);

export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    /** 'usdt' or 'bank'. */
    channel: text('channel').notNull(),
    uploadId: bigint('upload_id', { mode: 'number' }).references(() => uploads.id),
    ledgerId: bigint('ledger_id', { mode: 'number' }).references(() => ledger.id),
    /** Status 0 pending, 1 approved, 2 rejected. */
    ...reviewColumns(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId),
    index('deposits_status_idx').on(t.status),
    index('deposits_reviewed_idx')
      .on(t.reviewedAt)
      .where(sql`status = 1`),
    // A screenshot proves one transfer: it backs at most one deposit request.
    uniqueIndex('deposits_upload_uq').on(t.uploadId),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    /** 0 bank card, 1 wallet. */
    type: smallint('type').notNull(),
    /** The payout account as it was at request time. */
    account: jsonb('account').notNull(),
    ledgerId: bigint('ledger_id', { mode: 'number' }).references(() => ledger.id),
    /** Status 0 pending, 1 approved (paid), 2 rejected (refunded). */
    ...reviewColumns(0),
    /** Set when the player reversed the pending withdrawal (the money went back to the balance). */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId),
    index('withdrawals_reviewed_idx')
      .on(t.reviewedAt)
      .where(sql`status = 1`),
    // At most one pending withdrawal per user, enforced by the database itself.
    uniqueIndex('withdrawals_one_pending_uq')
      .on(t.userId)
      .where(sql`status = 0`),
  ],
);

export const realNameRequests = pgTable(
  'real_name_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    truename: text('truename').notNull(),
    idcard: text('idcard').notNull(),
    frontUploadId: bigint('front_upload_id', { mode: 'number' })
      .notNull()
      .references(() => uploads.id),
    backUploadId: bigint('back_upload_id', { mode: 'number' })
      .notNull()
      .references(() => uploads.id),
    /** Status 1 under review, 2 verified, 0 refused. */
    ...reviewColumns(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('real_name_user_idx').on(t.userId),
    // At most one request under review per user, enforced by the database itself.
    uniqueIndex('real_name_one_pending_uq')
      .on(t.userId)
      .where(sql`status = 1`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Operators (console accounts, separate from players) and their audit trail

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'admin', 'finance', 'support'. */
    role: text('role').notNull(),
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted, so a code is never accepted twice (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_username_uq').on(sql`lower(${t.username})`)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('operator_sessions_token_uq').on(t.tokenHash), index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Append-only; written in the same transaction as the action it records. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_time_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Content and settings

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** The one language this banner is shown in (zh, tw, en, vi); null: every language. */
  lang: text('lang'),
  /** The operator's own note of what the banner shows (also its alt text). */
  title: text('title').notNull().default(''),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Public images of the content the operators manage (banners, article pictures), kept in the
 * database so that every node serves them. Served at /api/index/media/<name>.
 */
export const contentImages = pgTable(
  'content_images',
  {
    id: serial('id').primaryKey(),
    /** Random, server-chosen; also the address. */
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('content_images_name_uq').on(t.name)],
);

/**
 * Notices (/notice, docs/product.md#account-screens): kind 1 a station message to one player, written by the server in the
 * transaction of the decision it reports (message key + parameters, shown in the reader's language);
 * kind 2 a platform announcement (no user) written by an operator in the four languages.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: smallint('kind').notNull(),
    userId: integer('user_id').references(() => users.id),
    msgKey: text('msg_key'),
    params: jsonb('params'),
    /** Announcements: { zh, tw, en, vi } each. */
    title: jsonb('title'),
    content: jsonb('content'),
    enabled: boolean('enabled').notNull().default(true),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt), index('notices_kind_idx').on(t.kind, t.createdAt)],
);

/** Which platform announcements a player has read. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

export const articleTabs = pgTable('article_tabs', {
  id: serial('id').primaryKey(),
  /** Localised names: { "zh": …, "tw": …, "en": …, "vi": … }. */
  name: jsonb('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    tabId: integer('tab_id').references(() => articleTabs.id),
    lang: text('lang').notNull().default('en'),
    title: text('title').notNull(),
    /** Sanitised HTML (sanitised on save). */
    content: text('content').notNull(),
    isTop: boolean('is_top').notNull().default(false),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('articles_tab_idx').on(t.tabId)],
);

/**
 * Who has viewed an article on an operator-day: one row per article, day and viewer, so a view is
 * counted once per viewer and day on every node. `viewer` is a keyed hash of the session's user or,
 * without one, of the IP (never the IP itself); rows of past days are pruned.
 */
export const articleViews = pgTable(
  'article_views',
  {
    articleId: integer('article_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day, t.viewer] }), index('article_views_day_idx').on(t.day)],
);

/** Operator-editable settings, e.g. 'deposit' → { usdt, bankname, banknum, bankxm }. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Customer service

/**
 * Single-use hand-off codes for the external customer-service chat (docs/spec-differences.md#decided-in-the-design): the chat page gets
 * a code in its URL, never the session token, and redeems it server to server within 60 s.
 */
export const supportHandoffs = pgTable(
  'support_handoffs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the code, hex. The code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('support_handoffs_code_uq').on(t.codeHash), index('support_handoffs_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Player protection

/**
 * Limits a player sets on themself: kind 'deposit' | 'loss' | 'stake' per period 'day' | 'week' |
 * 'month' (cents), or kind 'session' with period 'session' (minutes per login session). Lowering
 * applies at once; raising or removing waits 24 hours in `pending_amount` (null = removal) until
 * `pending_from`.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    /** The limit in force (cents, or minutes for 'session'); null = none in force (only a pending one). */
    amount: bigint('amount', { mode: 'number' }),
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('player_limits_uq').on(t.userId, t.kind, t.period)],
);

// ---------------------------------------------------------------------------------------------
// Rewards: campaigns and their claims (migration 0014)

/**
 * Migration 0015 adds what Drizzle cannot declare: one enabled campaign of a kind over any period (an
 * exclusion constraint per kind on tstzrange(starts_at, ends_at)), and a trigger keeping a rakeback's top
 * tier with the referral's rates below the house edge (docs/design.md, "Rewards").
 */
export const campaigns = pgTable('campaigns', {
  id: serial('id').primaryKey(),
  /** 'rakeback', 'first_deposit' or 'check_in'. */
  kind: text('kind').notNull(),
  /** { zh, tw, en, vi }. */
  title: jsonb('title').notNull(),
  /** The terms in plain words, { zh, tw, en, vi }. */
  termsText: jsonb('terms_text').notNull(),
  /** The kind's terms (rates, cap, requirement, daily rewards), checked by its zod schema in packages/shared. */
  terms: jsonb('terms').notNull(),
  banner: text('banner').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  /** Null: open-ended; ending a campaign sets it to now. */
  endsAt: timestamp('ends_at', { withTimezone: true }),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rewardClaims = pgTable(
  'reward_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What the claim is unique for: the operator-day ('2025-06-01') of a rakeback or check-in, 'grant' or 'release' of a bonus. */
    period: text('period').notNull(),
    /** 'rakeback', 'check_in', 'bonus_grant' or 'bonus_release'. */
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    /** A bonus grant's wagering requirement (stakes, cents). */
    wagerRequired: money('wager_required').notNull().default(0),
    /** A check-in's day of its streak, 1–7. */
    streakDay: smallint('streak_day'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reward_claims_once_uq').on(t.campaignId, t.userId, t.period),
    index('reward_claims_user_idx').on(t.userId, t.createdAt),
    index('reward_claims_campaign_time_idx').on(t.campaignId, t.createdAt),
  ],
);

// The referral programme (domain/referral)

/** A member's hashed (keyed HMAC) registration and sign-in IPs and device ids: what the abuse flag compares. */
export const referralMarks = pgTable(
  'referral_marks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'ip' or 'device'. */
    kind: text('kind').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'referral_marks_pk', columns: [t.userId, t.kind, t.hash] }), index('referral_marks_hash_idx').on(t.kind, t.hash)],
);

/** The programme's settings from an operator-day on (a change made on day D applies from D + 1). */
export const referralSettings = pgTable('referral_settings', {
  effectiveDay: text('effective_day').primaryKey(),
  enabled: boolean('enabled').notNull(),
  /** Rates in basis points of the house edge (2500 = 25 %). */
  rate1Bp: integer('rate1_bp').notNull(),
  rate2Bp: integer('rate2_bp').notNull(),
  level2: boolean('level2').notNull(),
  /** Cents. */
  minPayout: money('min_payout').notNull(),
  operatorId: integer('operator_id').references(() => operators.id),
  createdAt: createdAt(),
});

/** One row per computed operator-day: the settings it used and who was excluded then (the reconciliation recomputes from these). */
export const referralDays = pgTable('referral_days', {
  day: text('day').primaryKey(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  enabled: boolean('enabled').notNull(),
  rate1Bp: integer('rate1_bp').notNull(),
  rate2Bp: integer('rate2_bp').notNull(),
  level2: boolean('level2').notNull(),
  minPayout: money('min_payout').notNull(),
  excludedInvitees: integer('excluded_invitees')
    .array()
    .notNull()
    .default(sql`'{}'`),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
});

/**
 * A referrer's commission of one operator-day and pot (0 normal, 1 from flagged invitees, held for review):
 * unique per (referrer, day, pot), so a day is computed once. Status 0 pending (below the minimum payout,
 * carried), 1 paid (ledger_id: the type-5 row that paid it, possibly with other days), 2 held, 3 voided.
 */
export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: text('day')
      .notNull()
      .references(() => referralDays.day),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id),
    pot: smallint('pot').notNull(),
    orders: integer('orders').notNull(),
    stakes: money('stakes').notNull(),
    /** Sum of the house edge of the level-1 / level-2 invitees' orders, cents × EVEN_MONEY_PAID. */
    edge1: numeric('edge1').notNull(),
    edge2: numeric('edge2').notNull(),
    amount: money('amount').notNull(),
    status: smallint('status').notNull(),
    /** 'flagged' or 'referrer_blocked' while held. */
    holdReason: text('hold_reason'),
    ledgerId: bigint('ledger_id', { mode: 'number' }).references(() => ledger.id),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_commissions_referrer_day_pot_uq').on(t.referrerId, t.day, t.pot),
    index('referral_commissions_day_idx').on(t.day),
    index('referral_commissions_open_idx')
      .on(t.referrerId)
      .where(sql`status in (0, 2)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The importer from the previous product (migration 0018, domain/import/, docs/import.md)

/** One run of `npm run import:pc28`: its options, each phase's cursor (a killed run resumes from them), its counts and report. */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    /** The source's address without its password. */
    source: text('source').notNull(),
    /** 'running' (at most one) or 'done'. */
    status: text('status').notNull().default('running'),
    options: jsonb('options').notNull().default({}),
    /** Per phase: the last source id done, or true when the phase is complete. */
    cursors: jsonb('cursors').notNull().default({}),
    /** Per table: read, imported, unchanged and skipped (with the reason), accumulated across resumes. */
    counts: jsonb('counts').notNull().default({}),
    report: jsonb('report'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('import_runs_one_running_uq')
      .on(t.status)
      .where(sql`status = 'running'`),
  ],
);

/** A player brought from the previous product: its source id and name, its agent, and whether it may sign in yet. */
export const importedPlayers = pgTable(
  'imported_players',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    /** The username on the previous site (a renamed player signs in with it too). */
    sourceUsername: text('source_username').notNull(),
    /** The source's group: 1 member, 2 guest (imported only with money, as a member), 3 agent staff. */
    sourceGroup: smallint('source_group').notNull(),
    renamed: boolean('renamed').notNull().default(false),
    sourceInviterId: bigint('source_inviter_id', { mode: 'number' }),
    /** The owning agent on the previous site (its account name and sites), shown in the console. */
    agent: text('agent'),
    /** Keyed HMAC (the operator key) of the source's password hash, salt and security code: what tells a changed secret. */
    secretsDigest: text('secrets_digest'),
    /** What this player's type-11 ledger rows add up to, per wallet (the reconciliation compares). */
    openingMoney: money('opening_money').notNull().default(0),
    openingScore: money('opening_score').notNull().default(0),
    /** False until the operator opens the move (`--open`): until then the player cannot sign in here. */
    open: boolean('open').notNull().default(false),
    renameToldAt: timestamp('rename_told_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('imported_players_source_uq').on(t.sourceId), index('imported_players_source_name_idx').on(t.sourceUsername)],
);

/** Source rows mapped to ours (entity 'withdrawal', 'deposit': a source ledger row id → our request id). */
export const importMap = pgTable(
  'import_map',
  {
    entity: text('entity').notNull(),
    sourceId: text('source_id').notNull(),
    ourId: bigint('our_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'import_map_pk', columns: [t.entity, t.sourceId] })],
);

/** Bets placed on the previous site: history only (no round of ours, never in a balance or an invariant). */
export const legacyOrders = pgTable(
  'legacy_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderNo: text('order_no').notNull(),
    gameId: smallint('game_id').notNull(),
    /** Our room of the same game and tier, when there is one. */
    roomId: integer('room_id'),
    roomTitle: text('room_title').notNull(),
    issue: text('issue').notNull(),
    /** Our bet class, mapped through the source's rule table; null when its class has no equal here. */
    playType: smallint('play_type'),
    /** The class's name on the previous site. */
    playName: text('play_name').notNull(),
    odds: numeric('odds', { precision: 12, scale: 4 }).notNull(),
    /** Stake, cents. */
    amount: money('amount').notNull(),
    /** Gross payout, stake included (the source's `profit`), cents. */
    payout: money('payout').notNull(),
    /** The source's status: −1 cancelled, 0 unsettled, 1 settled. */
    status: smallint('status').notNull(),
    whetherHit: smallint('whether_hit').notNull(),
    lotteryCode: text('lottery_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('legacy_orders_source_uq').on(t.sourceId), index('legacy_orders_user_time_idx').on(t.userId, t.createdAt)],
);

/** The previous site's ledger rows: history only. `cash_after` is its cash balance after the row (it kept no total). */
export const legacyLedger = pgTable(
  'legacy_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 0 deposit, 1 withdrawal, 2 bet, 3 win, 4 gift: the same meanings as our types 0–4. */
    type: smallint('type').notNull(),
    status: smallint('status').notNull(),
    quantity: money('quantity').notNull(),
    cashAfter: money('cash_after').notNull(),
    memo: text('memo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('legacy_ledger_source_uq').on(t.sourceId), index('legacy_ledger_user_time_idx').on(t.userId, t.createdAt)],
);

/** The previous site's drawn results: drawn by its operator's own generator, not verifiable, never in the verifier. */
export const legacyDraws = pgTable(
  'legacy_draws',
  {
    gameId: smallint('game_id').notNull(),
    issue: text('issue').notNull(),
    digit1: smallint('digit1').notNull(),
    digit2: smallint('digit2').notNull(),
    digit3: smallint('digit3').notNull(),
    total: smallint('total').notNull(),
  },
  (t) => [primaryKey({ name: 'legacy_draws_pk', columns: [t.gameId, t.issue] })],
);

/**
 * The chat of every room (docs/chat.md, migration 0020): player messages, bet messages and posts of the
 * system in one timeline, read by `id` (increasing: the cursor). `nickname` is the author's as the
 * feed masks it, kept as it was when posted; null for the system, which has no `user_id`. `text` is
 * plain text (1–200 characters, a CHECK holds it), never HTML. Pruned after CHAT_RETENTION_DAYS.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'player', 'bet' or 'system' (a CHECK holds it). */
    kind: text('kind').notNull(),
    nickname: text('nickname'),
    text: text('text').notNull(),
    /** A bet message's order, a system post's message key and parameters (migration 0022); null for a player's message. */
    data: jsonb('data'),
    createdAt: createdAt(),
    /** Moderation (migration 0026): a shadow-muted author's message, shown to its author only. */
    shadow: boolean('shadow').notNull().default(false),
    /** Removed by an operator: every viewer sees "removed by the operator" instead of the text. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references(() => operators.id),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.id),
    index('chat_messages_user_time_idx').on(t.userId, t.createdAt),
    index('chat_messages_time_idx').on(t.createdAt),
    // A round's system post is stored once per room, whichever node posts it (migration 0025).
    uniqueIndex('chat_messages_round_post_uq')
      .on(t.roomId, sql`(data->>'post')`)
      .where(sql`kind = 'system'`),
    // A slip's bet message is stored once, by its first order number (migration 0030).
    uniqueIndex('chat_messages_bet_slip_uq')
      .on(sql`(data->'orders'->0->>'order_no')`)
      .where(sql`kind = 'bet'`),
  ],
);

/** A room's accepted-bets list of a round (docs/design.md#the-accepted-bets-list): its count and SHA-256, built once. */
export const roundRoomLists = pgTable(
  'round_room_lists',
  {
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => rounds.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    betCount: integer('bet_count').notNull(),
    /** SHA-256 of the list's canonical form, hex. */
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.roomId] })],
);

/** The rows of a list, in its order (`seq` from 1), with the nickname masked as it was when the list was built. */
export const roundListRows = pgTable(
  'round_list_rows',
  {
    roundId: bigint('round_id', { mode: 'number' }).notNull(),
    roomId: integer('room_id').notNull(),
    seq: integer('seq').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    nickname: text('nickname').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.roomId, t.seq] }),
    foreignKey({ columns: [t.roundId, t.roomId], foreignColumns: [roundRoomLists.roundId, roundRoomLists.roomId] }),
  ],
);

/**
 * Balance adjustments (docs/design.md#balance-adjustments, migration 0023): an operator's signed
 * correction of one balance, posted as ledger type 12. Status 0 pending (above the four-eyes amount,
 * awaiting a second operator; a pending debit already holds its money in a pending, applied type-12
 * row), 1 approved (its passed type-12 row is `ledger_id`), 2 rejected (a held debit refunded by a second
 * type-12 row). `gift_ledger_id` names the gift a reversal takes back: once, unless that reversal was rejected.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'money' or 'score'. */
    wallet: text('wallet').notNull().default('money'),
    /** Signed cents: negative a debit, positive a credit, never 0. */
    amount: money('amount').notNull(),
    /** One of ADJUSTMENT_REASONS (packages/shared/src/schemas/adjustments.ts). */
    reasonCode: text('reason_code').notNull(),
    /** What the player reads in the fund details (the ledger row's memo). */
    publicText: text('public_text').notNull(),
    /** For operators only. */
    note: text('note').notNull().default(''),
    giftLedgerId: bigint('gift_ledger_id', { mode: 'number' }).references(() => ledger.id),
    status: smallint('status').notNull().default(0),
    ledgerId: bigint('ledger_id', { mode: 'number' }).references(() => ledger.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => operators.id),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The second operator's reason for a rejection. */
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('balance_adjustments_user_idx').on(t.userId),
    index('balance_adjustments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 0`),
    uniqueIndex('balance_adjustments_gift_uq')
      .on(t.giftLedgerId)
      .where(sql`gift_ledger_id is not null and status <> 2`),
  ],
);

/** Chat moderation (docs/chat.md#moderation, migration 0026): a room's chat settings; a room without a row has the defaults. */
export const chatRoomSettings = pgTable('chat_room_settings', {
  roomId: integer('room_id')
    .primaryKey()
    .references(() => rooms.id),
  enabled: boolean('enabled').notNull().default(true),
  /** Only posts of the system appear while the room is muted. */
  muted: boolean('muted').notNull().default(false),
  slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
  /** The new-account gate: a first settled bet, and an account at least this many hours old. */
  gateSettledBet: boolean('gate_settled_bet').notNull().default(false),
  gateAccountHours: integer('gate_account_hours').notNull().default(0),
  pinnedText: text('pinned_text'),
  pinnedAt: timestamp('pinned_at', { withTimezone: true }),
  /** The room was cleared: messages up to this id are no longer shown. */
  clearedThrough: bigint('cleared_through', { mode: 'number' }).notNull().default(0),
  /** Raised by every change: viewers keep the newest state they heard (migration 0031). */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A player muted in every room until `until` (shadow: their posts are shown to themselves only); lifted early by an operator. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    shadow: boolean('shadow').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => operators.id),
  },
  (t) => [index('chat_mutes_user_idx').on(t.userId, t.until)],
);

/** A player's report of a message: once per player per message; resolved by an operator (removed or dismissed). */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => operators.id),
    resolution: text('resolution'),
  },
  (t) => [uniqueIndex('chat_reports_once_uq').on(t.messageId, t.reporterId), index('chat_reports_open_idx').on(t.resolvedAt, t.id)],
);

/** The operator's word list and link rules (one row, id 1; none: no words, links refused). */
export const chatFilter = pgTable('chat_filter', {
  id: integer('id').primaryKey().default(1),
  words: jsonb('words').$type<string[]>().notNull().default([]),
  linksAllowed: boolean('links_allowed').notNull().default(false),
  allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Red packets (issue 41, migration 0029, docs/red-packets.md)

/** The promotions budget: the house's money for red packets, one row (id 1); moved only with a `promotion_budget_movements` row. */
export const promotionBudget = pgTable('promotion_budget', {
  id: smallint('id').primaryKey().default(1),
  balance: money('balance').notNull().default(0),
});

/** A packet dropped into a room: its total split into `shares` from `seed` (secret until closed; `seed_hash` published). */
export const redPackets = pgTable(
  'red_packets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    total: money('total').notNull(),
    shares: integer('shares').notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** 'money' (cash) or 'score' (bonus money with a wagering requirement of share × wager_multiple). */
    wallet: text('wallet').notNull().default('money'),
    wagerMultiple: smallint('wager_multiple').notNull().default(0),
    /** Money at risk a claimant needs over the last `at_risk_days` days (0: any member). */
    minAtRisk: money('min_at_risk').notNull().default(0),
    atRiskDays: smallint('at_risk_days').notNull().default(0),
    greeting: text('greeting').notNull().default(''),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    claimed: integer('claimed').notNull().default(0),
    paid: money('paid').notNull().default(0),
    /** When it was emptied, or when its rest went back to the budget after `closes_at`. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    returned: money('returned').notNull().default(0),
    /** SHA-256 of the claim sequence's canonical form, set when the packet closes. */
    claimsHash: text('claims_hash'),
    /** Whether its drop was posted in the room's chat. */
    announced: boolean('announced').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('red_packets_room_idx').on(t.roomId, t.id),
    index('red_packets_open_idx')
      .on(t.closesAt)
      .where(sql`closed_at is null`),
  ],
);

/** One share claimed: once per player and packet, claim numbers 1, 2, 3… in order; paid by one type-13 ledger row (ref_type 'red_packet_claim'). */
export const redPacketClaims = pgTable(
  'red_packet_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packetId: bigint('packet_id', { mode: 'number' })
      .notNull()
      .references(() => redPackets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    claimNo: integer('claim_no').notNull(),
    amount: money('amount').notNull(),
    /** Masked as the feeds mask it, when the claim was made. */
    nickname: text('nickname').notNull(),
    wagerRequired: money('wager_required').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('red_packet_claims_player_uq').on(t.packetId, t.userId),
    uniqueIndex('red_packet_claims_number_uq').on(t.packetId, t.claimNo),
    index('red_packet_claims_user_idx').on(t.userId),
  ],
);

/** The budget's append-only movements: 'top_up' (+), 'packet' (− a packet's total when dropped), 'return' (+ what it left unclaimed). */
export const promotionBudgetMovements = pgTable(
  'promotion_budget_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Signed cents. */
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    packetId: bigint('packet_id', { mode: 'number' }).references(() => redPackets.id),
    operatorId: integer('operator_id').references(() => operators.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_budget_movements_packet_uq')
      .on(t.packetId, t.kind)
      .where(sql`packet_id is not null`),
  ],
);

/** Accounts linked to operators (staff, relatives, test accounts): never paid a red packet share. */
export const operatorLinkedPlayers = pgTable('operator_linked_players', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
});
