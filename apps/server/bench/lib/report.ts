/**
 * The bench's results: each a figure against its budget, printed as it is measured, with the host's
 * load average at that moment (the machine may be shared: ratios measured in one run are what counts).
 */
import os from 'node:os';

export interface BudgetResult {
  name: string;
  value: string;
  budget: string;
  ok: boolean;
}

export class Report {
  readonly results: BudgetResult[] = [];

  /** A figure with a budget: counted in the summary and in the exit code. */
  budget(name: string, value: string, budget: string, ok: boolean): void {
    this.results.push({ name, value, budget, ok });
    console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name}: ${value}  (budget ${budget}; load average ${loadAverage()})`);
  }

  /** A figure reported without a budget (context for the ratios). */
  info(name: string, value: string): void {
    console.log(`      ${name}: ${value}`);
  }

  section(title: string): void {
    console.log(`\n== ${title}`);
  }

  get failed(): BudgetResult[] {
    return this.results.filter((r) => !r.ok);
  }

  summary(): void {
    const failed = this.failed;
    console.log(`\n${this.results.length - failed.length} of ${this.results.length} budgets met (load average ${loadAverage()})`);
    for (const f of failed) console.log(`  missed: ${f.name}: ${f.value} (budget ${f.budget})`);
  }
}

/** The host's load averages over 1, 5 and 15 minutes, as `uptime` prints them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const ratio = (n: number) => `${n.toFixed(2)}×`;
