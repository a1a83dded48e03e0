import { z } from 'zod';
import { MAX_REQUEST_CENTS, MAX_UPLOAD_BYTES, MIN_WITHDRAW_CENTS, UPLOAD_IMAGE_TYPES, UPLOAD_KINDS, readAmount, type UploadKind } from '../wallet.js';
import { boundPayAccountData, checkIdNumber, idDocTypeField, idNumberText, payType, typedSecurityCode } from './account.js';
import { moneyText, unixTime } from './envelope.js';
import { enumText, optionalDate, optionalInt, optionalText, requiredText } from './fields.js';

// The limits' one home is the zod-free ../wallet.ts (the player app reads them without zod).
export { MAX_REQUEST_CENTS, MAX_UPLOAD_BYTES, MIN_WITHDRAW_CENTS, UPLOAD_IMAGE_TYPES, UPLOAD_KINDS, type UploadKind };

/** Longest amount text accepted ("1000000.00" and some white space). */
export const AMOUNT_TEXT_MAX = 20;
export const TRUENAME_MAX = 40;
/** The private address of an upload as the server hands it out: /api/common/file/<name>. */
export const UPLOAD_REF_MAX = 300;

/**
 * An amount in u as typed ("100", "100.5", 100.5) to positive integer cents by the shared rule
 * `readAmount` (../wallet.ts). Empty → `required`, malformed or zero → err.amount_invalid, above
 * MAX_REQUEST_CENTS → err.amount_too_large.
 */
export const amountField = (required: string) =>
  requiredText(required, { max: AMOUNT_TEXT_MAX, invalid: 'err.amount_invalid' }).transform((v, ctx) => {
    const read = readAmount(v);
    if ('cents' in read) return read.cents;
    ctx.addIssue({ code: 'custom', message: read.problem });
    return z.NEVER;
  });

export const depositRequestSchema = z.object({
  money: amountField('err.amount_required'),
  channel: enumText(['usdt', 'bank'], 'err.deposit_channel_invalid'),
  screenshot: requiredText('err.screenshot_required', { max: UPLOAD_REF_MAX, invalid: 'err.screenshot_invalid' }),
});

/**
 * user/withdrawAction. Only the shape is checked up front (bounded, no control characters): the
 * values are judged in the order of docs/product.md#validation-rules (ID information, payout account, security code set,
 * amount, minimum, balance, the code itself), so each refusal is the one the player must fix first.
 */
export const withdrawActionSchema = z.object({
  /** 0 bank card (default), 1 wallet; any other number is refused after the ID check. */
  type: optionalInt({ invalid: 'err.pay_type_invalid' }),
  /** Judged with amountField in spec order. */
  money: optionalText({ max: AMOUNT_TEXT_MAX, invalid: 'err.amount_invalid' }),
  securityCode: typedSecurityCode('err.security_code_wrong'),
});

/** user/withdrawInfo and user/payInfo share the account type. */
export const payTypeQuery = z.object({ type: payType });

/** Ledger types 0 recharge, 1 withdraw, 2 bet, 3 payout, 4 gift (docs/design.md#ledger-types), 5 referral commission; rewards: 6 rakeback, 7 first-deposit bonus, 8 check-in, 9 bonus released, 10 bonus forfeited; 11 a balance brought from the previous product (docs/import.md); 12 an operator's balance adjustment (docs/design.md#balance-adjustments); 13 a red-packet share (docs/red-packets.md). */
export const LEDGER_TYPE_MAX = 13;

/** The longest page of a history list. */
export const HISTORY_PAGE_MAX = 500;

/** History lists: `begin_date` / `end_date` ("YYYY-MM-DD", default today), then `page`, `limit`. */
const dateRange = {
  begin_date: optionalDate('err.date_invalid'),
  end_date: optionalDate('err.date_invalid'),
};
/** Out-of-range but sane values are clamped by the lists (page ≥ 1, limit 1–HISTORY_PAGE_MAX). */
const paging = {
  page: optionalInt({ max: 100_000, invalid: 'err.bad_request' }),
  limit: optionalInt({ max: 9_999, invalid: 'err.bad_request' }),
};

/** user/orderList. */
export const historyListSchema = z.object({ ...dateRange, ...paging });

/** user/quantityLogList: the dates, then the ledger type, then the page. */
export const ledgerListSchema = z.object({
  ...dateRange,
  type: optionalInt({ min: 0, max: LEDGER_TYPE_MAX, invalid: 'err.ledger_type_invalid' }),
  ...paging,
});

/** Real-name submit: the order of docs/product.md#validation-rules, each with its own message. */
export const shimingSchema = z
  .object({
    truename: requiredText('err.realname_name_required', { max: TRUENAME_MAX, invalid: 'err.realname_name_invalid' }),
    idcard: idNumberText('err.idcard_required'),
    /** The document the number is of (as user/profile). */
    id_type: idDocTypeField,
    idcard_zheng: requiredText('err.realname_front_required', { max: UPLOAD_REF_MAX, invalid: 'err.realname_image_invalid' }),
    idcard_fan: requiredText('err.realname_back_required', { max: UPLOAD_REF_MAX, invalid: 'err.realname_image_invalid' }),
  })
  .superRefine(checkIdNumber);

/** common/upload's form fields (the file itself is read from the multipart stream). */
export const uploadFormSchema = z.object({
  type: optionalText({ max: 40, invalid: 'err.upload_type_invalid' }),
});

// --- answers ---

/** user/recharge: the caller's balances and the operator's deposit details. */
export const depositDetailsData = z.object({
  money: moneyText,
  score: moneyText,
  balance: moneyText,
  usdt: z.string(),
  bankname: z.string(),
  banknum: z.string(),
  bankxm: z.string(),
  /** What 1 u is worth in USDT ("0.14"), as the operator states it; null when not stated. */
  usdt_rate: z.string().nullable(),
  /** The bank account's currency (ISO 4217) and what 1 u is worth in it; both null when not stated. */
  bank_currency: z.string().nullable(),
  bank_rate: z.string().nullable(),
  /** One deposit request's smallest and largest amount. */
  min_deposit: moneyText,
  max_deposit: moneyText,
  /** The caller's deposit requests awaiting review, newest first. */
  pending: z.array(z.object({ id: z.number().int(), money: moneyText, channel: z.enum(['usdt', 'bank']), createtime: unixTime })),
});

export const depositRequestData = z.object({
  id: z.number().int(),
  money: moneyText,
  channel: z.enum(['usdt', 'bank']),
  status: z.number().int(),
});

/** user/withdrawInfo: balances, the bound accounts ([0] bank card, [1] wallet; empty when neither). */
export const withdrawInfoData = z.object({
  money: moneyText,
  score: moneyText,
  pay_list: z.array(boundPayAccountData.nullable()),
  isTrue: z.boolean(),
  has_idcard: z.boolean(),
  min_withdraw: moneyText,
  /** The withdrawal awaiting review (at most one; the player may take it back with user/withdrawReverse), or null. */
  pending: z.object({ id: z.number().int(), money: moneyText, type: z.number().int(), createtime: unixTime }).nullable(),
});

export const withdrawActionData = z.object({
  id: z.number().int(),
  money: moneyText,
  type: z.number().int(),
  status: z.number().int(),
  over: moneyText,
});

/** One row of user/quantityLogList (the fund ledger entry of docs/product.md#entities-and-their-fields). */
export const ledgerRowData = z.object({
  id: z.number().int(),
  createtime: unixTime,
  type: z.number().int(),
  gorct: z.number().int(),
  status: z.number().int(),
  quantity: moneyText,
  over: moneyText,
  wallet: z.string(),
  applied: z.boolean(),
  memo: z.string(),
  /** A row of the previous product's ledger, from before the move (docs/import.md): history only; `over` is its cash balance after. */
  legacy: z.boolean(),
});
export const ledgerListData = z.array(ledgerRowData);

export const shimingData = z.object({ shiming: z.number().int() });

/** user/shimingInfo: the caller's status and latest request (masked). */
export const realNameInfoData = z.object({
  shiming: z.number().int(),
  truename: z.string(),
  idcard: z.string(),
  reason: z.string(),
});

/** common/upload: the private address of the stored image. */
export const uploadData = z.object({
  url: z.string(),
  name: z.string(),
  type: z.enum(UPLOAD_KINDS),
  mime: z.enum(UPLOAD_IMAGE_TYPES),
  size: z.number().int(),
});

/** A private upload's name in its address (/api/common/file/<name>): 32 URL-safe characters. */
export const UPLOAD_NAME_RE = /^[A-Za-z0-9_-]{32}$/;
export const uploadNameParams = z.object({
  name: z.string().max(64, 'err.not_found').regex(UPLOAD_NAME_RE, 'err.not_found'),
});
