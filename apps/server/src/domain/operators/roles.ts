import { OPERATOR_ROLES, TOTP_REQUIRED_ROLES, type OperatorRole } from '@lucky28/shared';

/**
 * Operator roles (the list lives in packages/shared so the console shows the same). Each call names
 * the roles it accepts; `admin` is accepted everywhere.
 * - finance: deposits, withdrawals, deposit screenshots, gifts, the money dashboard, reconciliation;
 * - support: real-name reviews and ID-card pictures, users (search, freeze, password resets).
 */
export { OPERATOR_ROLES, TOTP_REQUIRED_ROLES, type OperatorRole };

export function roleAllows(role: string, allowed: readonly OperatorRole[]): boolean {
  return role === 'admin' || (allowed as readonly string[]).includes(role);
}

/** Whether an operator of this role must have TOTP before doing anything but enrol. */
export const totpRequiredFor = (role: string): boolean => (TOTP_REQUIRED_ROLES as readonly string[]).includes(role);

/** Which roles may look at an uploaded file, by its kind (DESIGN §7: "operators with the right role"). */
export const FILE_VIEW_ROLES: Record<string, readonly OperatorRole[]> = {
  recharge_screenshot: ['finance'],
  idcard: ['support'],
};
