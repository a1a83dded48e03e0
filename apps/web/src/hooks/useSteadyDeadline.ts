import { useState } from 'react';
import { steadyDeadline } from '../lib/countdown';

type Deadline = { key: string; deadline: number };

/** A deadline that does not jump by a second on every poll (`steadyDeadline`), held per round `key`. */
export function useSteadyDeadline(key: string, deadline: number): number {
  const [held, setHeld] = useState<Deadline>({ key, deadline });
  const next = steadyDeadline(held, { key, deadline });
  if (next !== held) setHeld(next);
  return next.deadline;
}
