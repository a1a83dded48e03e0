import { parseMoney } from '@lucky28/shared/money';
import { imageProblem } from '../../../lib/upload';

/** The field a deposit check names: the amount, or the screenshot. */
export const depositField = (key: string): 'money' | 'screenshot' => (key.startsWith('err.amount') ? 'money' : 'screenshot');

/** The deposit popup's checks, in order: the amount, then the screenshot (spec §5 picture rules). A message key, or null. */
export function depositProblem(amount: string, file: File | null): string | null {
  if (amount.trim() === '') return 'err.amount_required';
  const cents = parseMoney(amount);
  if (cents === null || cents <= 0) return 'err.amount_invalid';
  return imageProblem(file);
}
