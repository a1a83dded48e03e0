import { OPERATOR_ROLES, TOTP_REQUIRED_ROLES, roleAllows, type OperatorRole } from '@lucky28/shared';

/**
 * Operator roles and the role check live in packages/shared (access.ts), so the console decides what
 * to show with the very function the guard runs. Each call declares the roles it accepts; `admin` is
 * accepted everywhere.
 * - finance: deposits, withdrawals, deposit screenshots, gifts, the money dashboard, reconciliation;
 * - support: real-name reviews and ID-card pictures, users (search, freeze, password resets).
 */
export { OPERATOR_ROLES, TOTP_REQUIRED_ROLES, roleAllows, type OperatorRole };

/** Whether an operator of this role must have TOTP before doing anything but enrol. */
export const totpRequiredFor = (role: string): boolean => (TOTP_REQUIRED_ROLES as readonly string[]).includes(role);

/** Which roles may look at an uploaded file, by its kind (docs/design.md#security: an operator whose role reviews that kind of file). */
export const FILE_VIEW_ROLES: Record<string, readonly OperatorRole[]> = {
  recharge_screenshot: ['finance'],
  idcard: ['support'],
};
