/** "3.5 min" style text parts: whole minutes and seconds. */
export function splitDuration(seconds: number): { min: number; sec: number } {
  return { min: Math.floor(seconds / 60), sec: seconds % 60 };
}
