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

/** The id an error page gives to quote: the server's request id, or one made on the device when no call failed. */
export interface Incident {
  id: string;
  /** True for a server's `x-request-id` (its log lines carry it); false for an id made on the device. */
  fromServer: boolean;
}

/**
 * An incident id made on the device ("C-" + the time and four random characters, base 36, upper case):
 * shown when no call has failed, so the player still has something to quote and support sees at once
 * that no server log line carries it.
 */
export function newIncidentId(now: number, random: () => number = Math.random): string {
  const tail = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `C-${now.toString(36)}-${tail}`.toUpperCase();
}

/**
 * What the "anything else" page shows: the request id of the error itself when it came from a call,
 * else the last `x-request-id` the client saw on a failed call, else a new device-made incident id.
 */
export function incidentOf(own: string | undefined, lastFailed: string | undefined, make: () => string): Incident {
  const server = own || lastFailed;
  return server ? { id: server, fromServer: true } : { id: make(), fromServer: false };
}
