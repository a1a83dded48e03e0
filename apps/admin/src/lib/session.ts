/**
 * The operator's session token. Kept in sessionStorage: it ends with the browser tab, and the server
 * ends it after 30 idle minutes or 12 hours anyway. Listeners hear sign-in and sign-out.
 */
const KEY = 'lucky28.console.token';
const listeners = new Set<() => void>();

export const session = {
  token(): string | null {
    return sessionStorage.getItem(KEY);
  },
  set(token: string): void {
    sessionStorage.setItem(KEY, token);
    listeners.forEach((l) => l());
  },
  clear(): void {
    if (sessionStorage.getItem(KEY) === null) return;
    sessionStorage.removeItem(KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
