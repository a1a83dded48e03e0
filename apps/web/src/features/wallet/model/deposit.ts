import { imageProblem, readAmount } from '@lucky28/shared/wallet';

/** The field a deposit check names: the amount, or the screenshot. */
export const depositField = (key: string): 'money' | 'screenshot' => (key.startsWith('err.amount') ? 'money' : 'screenshot');

/** The deposit popup's checks, in order: the amount, then the screenshot (spec §5 picture rules). A message key, or null. */
export function depositProblem(amount: string, file: File | null): string | null {
  const read = readAmount(amount);
  if ('problem' in read) return read.problem;
  return imageProblem(file);
}
