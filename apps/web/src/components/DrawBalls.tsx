/** What a draw shows: its three digits and their sum. */
interface DrawnDigits {
  site_1: number;
  site_2: number;
  site_3: number;
  code: number;
}

/**
 * A draw as balls: its three digits, then their sum in red (3 + 5 + 8 = 16). The caller's wrapper
 * lays them out; its stylesheet may size or recolour `.l28-ball` for the surface they sit on.
 */
export function DrawBalls({ draw }: { draw: DrawnDigits }) {
  return (
    <>
      <span className="l28-ball">{draw.site_1}</span>
      <i>+</i>
      <span className="l28-ball">{draw.site_2}</span>
      <i>+</i>
      <span className="l28-ball">{draw.site_3}</span>
      <i>=</i>
      <span className="l28-ball l28-ball-total">{draw.code}</span>
    </>
  );
}
