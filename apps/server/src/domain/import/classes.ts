/**
 * The source's bet classes are its own ids; its rule table (fa_plan_rule) names each one. A class is
 * mapped to ours by that name — 大 小 单 双 大单 小单 大双 小双 极大 极小 豹子 顺子 对子 (simplified or
 * traditional) and the exact sums 0–27 ("13", "和值13") — per room, falling back to the name the class has
 * in any room. A class whose name is none of these has no equal here: its old bets keep the source's name.
 */
import { BetClass, MAX_TOTAL, SUM_CLASS_BASE } from '@lucky28/shared';

const NAMED: Record<string, number> = {
  大: BetClass.BIG,
  小: BetClass.SMALL,
  单: BetClass.ODD,
  單: BetClass.ODD,
  双: BetClass.EVEN,
  雙: BetClass.EVEN,
  大单: BetClass.BIG_ODD,
  大單: BetClass.BIG_ODD,
  小单: BetClass.SMALL_ODD,
  小單: BetClass.SMALL_ODD,
  大双: BetClass.BIG_EVEN,
  大雙: BetClass.BIG_EVEN,
  小双: BetClass.SMALL_EVEN,
  小雙: BetClass.SMALL_EVEN,
  极大: BetClass.EXTREME_BIG,
  極大: BetClass.EXTREME_BIG,
  极小: BetClass.EXTREME_SMALL,
  極小: BetClass.EXTREME_SMALL,
  豹子: BetClass.TRIPLE,
  顺子: BetClass.STRAIGHT,
  順子: BetClass.STRAIGHT,
  对子: BetClass.PAIR,
  對子: BetClass.PAIR,
};

/** Our class for a source class name, or undefined. */
export function classOfName(name: string): number | undefined {
  const n = name.normalize('NFKC').replace(/\s+/g, '');
  if (n in NAMED) return NAMED[n];
  const sum = /^(?:和值|和|特码|特碼)?(\d{1,2})$/.exec(n);
  if (sum && Number(sum[1]) <= MAX_TOTAL) return SUM_CLASS_BASE + Number(sum[1]);
  return undefined;
}

export interface ClassMap {
  /** Our class of source class `cls` in source room `plan`. */
  of(plan: number, cls: number): number | undefined;
}

export function classMap(rules: readonly { game_plan_id: unknown; class: unknown; class_name: unknown }[]): ClassMap {
  const byRoom = new Map<string, number>();
  const anywhere = new Map<number, number>();
  for (const r of rules) {
    const ours = classOfName(String(r.class_name ?? ''));
    if (ours === undefined) continue;
    byRoom.set(`${Number(r.game_plan_id)}:${Number(r.class)}`, ours);
    if (!anywhere.has(Number(r.class))) anywhere.set(Number(r.class), ours);
  }
  return { of: (plan, cls) => byRoom.get(`${plan}:${cls}`) ?? anywhere.get(cls) };
}
