/**
 * Addresses of this site's own files (a campaign's banner picture), zod-free: the console's form and
 * the server read them with the same rule.
 *
 * Accepted: a path of this site — "/" and then no second "/" or "\" (which browsers read as another
 * host), no white space or backslash — or an absolute http(s) address without user name or password,
 * whose origin the server then compares with the site's own lines (API_LINES). Everything else —
 * `javascript:`, `data:`, `//host/…`, `/\host/…`, a relative "x.png" — is refused.
 */
const OWN_PATH_RE = /^\/(?![/\\])[^\s\\]*$/;
const HTTP_ADDRESS_RE = /^https?:\/\/[^\s\\/?#]+(?:[/?#][^\s\\]*)?$/i;

/** The origin an address points at: `''` for a path of this site, the http(s) origin, or null when it is neither. */
export function siteAddressOrigin(address: string): string | null {
  if (OWN_PATH_RE.test(address)) return '';
  if (!HTTP_ADDRESS_RE.test(address)) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return null;
  return url.origin;
}

/** Whether `address` is a path of this site or an http(s) address at one of `origins` (the site's lines). */
export function isSiteAddress(address: string, origins: readonly string[]): boolean {
  const origin = siteAddressOrigin(address);
  return origin === '' || (origin !== null && origins.includes(origin));
}
