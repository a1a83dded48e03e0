import type { z } from 'zod';
import type { userSearchSchema } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { optionalDayBounds } from '../../http/dateRange.js';
import type { UserFilters } from '../../domain/users/directory.js';

/**
 * The players list's filters as the console sends them (operator days, amounts in cents), resolved for
 * the domain: the same for the list (admin/userSearch) and its CSV export (admin/exportUsers).
 */
export function userFiltersOf(input: Omit<z.output<typeof userSearchSchema>, 'page' | 'limit'>, timeZone: string): UserFilters {
  const { q, status, inviter_id: inviterId, balance_min: balanceMin, balance_max: balanceMax, ip } = input;
  const registered = optionalDayBounds(
    { field: 'registered_from', date: input.registered_from },
    { field: 'registered_to', date: input.registered_to },
    timeZone,
  );
  const signedIn = optionalDayBounds({ field: 'signed_in_from', date: input.signed_in_from }, { field: 'signed_in_to', date: input.signed_in_to }, timeZone);
  if (balanceMin !== null && balanceMin !== undefined && balanceMax !== null && balanceMax !== undefined && balanceMin > balanceMax)
    throw new AppError('err.balance_range_invalid', { field: 'balance_min' });
  return {
    q,
    status,
    inviterId,
    balanceMin,
    balanceMax,
    ip,
    registeredFrom: registered.from,
    registeredTo: registered.to,
    signedInFrom: signedIn.from,
    signedInTo: signedIn.to,
  };
}
