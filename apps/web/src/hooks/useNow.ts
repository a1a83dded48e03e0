import { useSyncExternalStore } from 'react';

/**
 * The current time, re-rendered once a second by one shared timer for every countdown on screen.
 * The timer runs only while something is subscribed and the page is visible.
 */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const l of listeners) l();
}

function sync() {
  const visible = typeof document === 'undefined' || document.visibilityState !== 'hidden';
  if (listeners.size > 0 && visible) {
    if (timer === undefined) {
      tick();
      timer = setInterval(tick, 1000);
    }
  } else if (timer !== undefined) {
    clearInterval(timer);
    timer = undefined;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1 && typeof document !== 'undefined') document.addEventListener('visibilitychange', sync);
  sync();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof document !== 'undefined') document.removeEventListener('visibilitychange', sync);
    sync();
  };
}

export const useNow = (): number =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
