/**
 * Trend labels of a draw total (docs/product.md#constants-and-game-rules): above 13 big else small; odd or even; 22 or more extreme
 * big; 5 or less extreme small; and the size/parity combination. Labels are bet-class ids, so their
 * localised names are the classes' names.
 */
import { BetClass } from './betClasses.js';
import { isBig, isExtremeBig, isExtremeSmall, isOdd, MAX_TOTAL } from './patterns.js';

export interface TrendLabels {
  size: typeof BetClass.BIG | typeof BetClass.SMALL;
  parity: typeof BetClass.ODD | typeof BetClass.EVEN;
  combo: typeof BetClass.BIG_ODD | typeof BetClass.SMALL_ODD | typeof BetClass.BIG_EVEN | typeof BetClass.SMALL_EVEN;
  extreme: typeof BetClass.EXTREME_BIG | typeof BetClass.EXTREME_SMALL | null;
}

export function trendOf(total: number): TrendLabels {
  if (!Number.isInteger(total) || total < 0 || total > MAX_TOTAL) throw new RangeError(`bad total ${total}`);
  const big = isBig(total);
  const odd = isOdd(total);
  return {
    size: big ? BetClass.BIG : BetClass.SMALL,
    parity: odd ? BetClass.ODD : BetClass.EVEN,
    combo: big ? (odd ? BetClass.BIG_ODD : BetClass.BIG_EVEN) : odd ? BetClass.SMALL_ODD : BetClass.SMALL_EVEN,
    extreme: isExtremeBig(total) ? BetClass.EXTREME_BIG : isExtremeSmall(total) ? BetClass.EXTREME_SMALL : null,
  };
}
