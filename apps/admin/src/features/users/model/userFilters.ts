import type { Dayjs } from 'dayjs';
import type { InputOf } from '@lucky28/shared/api';
import type * as api from '@lucky28/shared/api/refs';

/** What the players list asks the server, its page aside. */
export type UserSearchInput = Omit<InputOf<typeof api.admin.userSearch>, 'page' | 'limit'>;

/** Every status a row may show (USER_STATUSES on the server), in the order the filter offers them. */
export const USER_STATUS_CHOICES = ['active', 'frozen', 'self_excluded', 'timeout', 'guest'] as const;
export type UserStatusChoice = (typeof USER_STATUS_CHOICES)[number];

/** The filter bar's fields as the form holds them. */
export interface UserFilterValues {
  q?: string;
  status?: UserStatusChoice;
  registered?: [Dayjs | null, Dayjs | null] | null;
  inviter_id?: string;
  balance_min?: string;
  balance_max?: string;
  signed_in?: [Dayjs | null, Dayjs | null] | null;
  ip?: string;
}

/** A balance as the server takes it: u with at most two decimals, never negative. */
export const BALANCE_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;
/** A player id. */
export const ID_PATTERN = /^\d{1,9}$/;

const text = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** The form's values as the call's input: blanks left out, dates as the operator's days. */
export function searchInput(v: UserFilterValues): UserSearchInput {
  const inviter = text(v.inviter_id);
  const input: UserSearchInput = {
    q: text(v.q),
    status: v.status,
    registered_from: day(v.registered?.[0]),
    registered_to: day(v.registered?.[1]),
    inviter_id: inviter === undefined ? undefined : Number(inviter),
    balance_min: text(v.balance_min),
    balance_max: text(v.balance_max),
    signed_in_from: day(v.signed_in?.[0]),
    signed_in_to: day(v.signed_in?.[1]),
    ip: text(v.ip),
  };
  return Object.fromEntries(Object.entries(input).filter(([, x]) => x !== undefined)) as UserSearchInput;
}

/**
 * The form field a refusal's `field` names: the two ends of a period are one range picker; anything
 * else is the field of the same name, if the bar has one.
 */
export function formFieldOf(field: string | undefined): keyof UserFilterValues | undefined {
  if (!field) return undefined;
  if (field === 'registered_from' || field === 'registered_to') return 'registered';
  if (field === 'signed_in_from' || field === 'signed_in_to') return 'signed_in';
  const own: (keyof UserFilterValues)[] = ['q', 'status', 'inviter_id', 'balance_min', 'balance_max', 'ip'];
  return own.find((f) => f === field);
}
