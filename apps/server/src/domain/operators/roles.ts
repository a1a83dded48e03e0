import { OPERATOR_ROLES, type OperatorRole } from '@lucky28/shared';

/**
 * Operator roles. Each call names the roles it accepts; `admin` is accepted everywhere.
 * - finance: deposits, withdrawals, deposit screenshots, reconciliation;
 * - support: real-name reviews and ID-card pictures.
 */
export { OPERATOR_ROLES, type OperatorRole };

export function roleAllows(role: string, allowed: readonly OperatorRole[]): boolean {
  return role === 'admin' || (allowed as readonly string[]).includes(role);
}

/** Which roles may look at an uploaded file, by its kind (DESIGN §7: "operators with the right role"). */
export const FILE_VIEW_ROLES: Record<string, readonly OperatorRole[]> = {
  recharge_screenshot: ['finance'],
  idcard: ['support'],
};
