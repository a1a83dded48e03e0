import { convertCents, depositRangeProblem, imageProblem, parseRate, readAmount } from '@lucky28/shared/wallet';
import { formatMoney, parseMoney } from '@lucky28/shared/money';

/** The field a deposit check names: the amount, or the screenshot. */
export const depositField = (key: string): 'money' | 'screenshot' => (key.startsWith('err.amount') || key.startsWith('err.deposit_') ? 'money' : 'screenshot');

/**
 * The deposit popup's checks, in order: the amount, its range for one request (the operator's, as the
 * page shows it; the server checks it again), then the screenshot (the picture rules of docs/product.md#validation-rules). A message key, or null.
 */
export function depositProblem(amount: string, file: File | null, limits: { min: string; max: string }): string | null {
  const read = readAmount(amount);
  if ('problem' in read) return read.problem;
  const min = parseMoney(limits.min);
  const max = parseMoney(limits.max);
  if (min !== null && max !== null) {
    const outOfRange = depositRangeProblem(read.cents, { min, max });
    if (outOfRange) return outOfRange;
  }
  return imageProblem(file);
}

/** What to transfer for a typed amount at the operator's rate ("14.00" USDT for 100 u at 0.14); null while either is unknown. */
export function transferAmount(amount: string, at: { rate: string | null; currency: string | null }): { amount: string; currency: string } | null {
  const read = readAmount(amount);
  const rate = parseRate(at.rate);
  if ('problem' in read || rate === null || at.currency === null) return null;
  return { amount: formatMoney(convertCents(read.cents, rate)), currency: at.currency };
}
