/**
 * What the apps' route error pages (apps/web and apps/admin RouteError) decide, without their looks:
 * which trouble an error is, and the one reload after a new release.
 */

/** The three notices: no network, a new version (a page's code gone), anything else. */
export type Trouble = 'offline' | 'update' | 'error';

/** How the browser words a page's code (a chunk) that did not load: gone after a new release, or no network. */
const CODE_NOT_LOADED = /dynamically imported module|module script|importing a module|preload css|loading chunk/i;

/**
 * `offline` when the browser is offline or `unreachable(error)` (the app's API client found no server);
 * `update` when a page's code did not load; `error` for anything else.
 */
export function troubleOf(error: unknown, online: boolean, unreachable: (error: unknown) => boolean): Trouble {
  if (!online || unreachable(error)) return 'offline';
  return error instanceof Error && CODE_NOT_LOADED.test(error.message) ? 'update' : 'error';
}

/** Where the reload is remembered: the browser's sessionStorage (the part of it used here, no DOM types). */
export interface ReloadMemory {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Reloads once for this address within a minute, remembered in `storage` under `key`, so a release
 * that stays broken cannot loop; false when it already did (the notice's button then remains).
 */
export function reloadOnce(key: string, storage: ReloadMemory, href: string, now: number, reload: () => void): boolean {
  const [at, last] = (storage.getItem(key) ?? '').split(' ');
  if (last === href && now - Number(at) < 60_000) return false;
  storage.setItem(key, `${now} ${href}`);
  reload();
  return true;
}
