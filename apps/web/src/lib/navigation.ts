import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Goes back one step, or to `fallback` when the page was opened directly (no history to go back to). */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
