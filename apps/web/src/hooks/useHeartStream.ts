import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
const isVisible = () => document.visibilityState !== 'hidden';

/**
 * Feeds the heart query `queryKey` from the live stream while the page is visible (a hidden page
 * keeps nothing open, like the polling it replaces). Returns whether the stream is live: the caller
 * polls only while it is not. `apply` folds one event into the cached answer; `listen`, when given, is
 * told every event too (the room's chat takes its `chat` events there).
 */
export function useHeartStream<T>(
  queryKey: QueryKey,
  params: { plan_id?: number; game_id?: number } | null,
  apply: (old: T | undefined, event: string, data: unknown) => T | undefined,
  listen?: (event: string, data: unknown) => void,
): boolean {
  const listener = useRef(listen);
  useEffect(() => {
    listener.current = listen;
  });
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const { i18n } = useTranslation();
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  const [live, setLive] = useState(false);
  const key = JSON.stringify(queryKey);
  const ids = params ? `${params.plan_id ?? ''}:${params.game_id ?? ''}` : null;

  useEffect(() => {
    if (ids === null || !visible || typeof TextDecoderStream === 'undefined') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Loaded on demand: the first screen renders (and polls) without the stream's code.
    void import('../lib/api/heartStream').then(({ runHeartStream }) => {
      if (cancelled) return;
      stop = runHeartStream(params ?? {}, {
        onLive: setLive,
        onEvent: (event, data) => {
          queryClient.setQueryData<T>(JSON.parse(key) as QueryKey, (old) => apply(old, event, data));
          listener.current?.(event, data);
        },
      });
    });
    return () => {
      cancelled = true;
      stop?.();
      setLive(false);
    };
    // `params` and `queryKey` are followed through their serialised forms.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, key, token, i18n.language, visible, queryClient, apply]);

  return live;
}
