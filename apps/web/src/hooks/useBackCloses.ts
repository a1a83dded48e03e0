import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The layers open at a history entry, outermost first (a date picker inside the filter drawer: both). */
export const layersOf = (state: unknown): string[] =>
  typeof state === 'object' && state !== null && 'layers' in state && Array.isArray((state as { layers: unknown }).layers)
    ? (state as { layers: unknown[] }).layers.map(String)
    : [];

/**
 * Back (the browser's or Android's) closes an open sheet or dialog instead of leaving the screen:
 * opening `layer` adds a history entry at the same address, back pops it and closes the layer, and a
 * layer closed on screen removes its entry again. The screen's transition is keyed by the path, so
 * the extra entry does not animate. Answers how to go to another screen from the layer: its entry is
 * replaced, so back from there returns to the screen, not to the layer. Layers nest (a picker in a
 * drawer): each entry lists every layer open at it, so back closes the innermost one only.
 */
export function useBackCloses(open: boolean, close: () => void, layer: string): (to: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const marked = layersOf(location.state).includes(layer);
  const pushed = useRef(false);
  const closeRef = useRef(close);
  const markedRef = useRef(marked);
  useEffect(() => {
    closeRef.current = close;
    markedRef.current = marked;
  });

  useEffect(() => {
    if (open && !pushed.current) {
      pushed.current = true;
      const state = typeof location.state === 'object' && location.state !== null ? location.state : {};
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { state: { ...state, layers: [...layersOf(state), layer] } },
      );
    } else if (!open && pushed.current) {
      pushed.current = false;
      if (markedRef.current) void navigate(-1);
    }
    // Only a change of `open` adds or removes the entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const wasMarked = useRef(marked);
  useEffect(() => {
    const before = wasMarked.current;
    wasMarked.current = marked;
    // Only the entry going away counts: a layer open from its first render is not marked yet until its entry is pushed.
    if (marked || !before) return;
    if (pushed.current) {
      // Back popped the layer's entry while it was open.
      pushed.current = false;
      closeRef.current();
    }
  }, [marked]);

  useEffect(() => {
    // Arrived (a reload, or back from a screen opened from the layer) on an entry of a layer that is not open: step over it.
    if (markedRef.current && !pushed.current) void navigate(-1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (to: string) => {
    pushed.current = false;
    void navigate(to, { replace: markedRef.current });
  };
}
