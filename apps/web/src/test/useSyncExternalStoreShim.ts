// Test-only stand-in for `use-sync-external-store/shim` (a CommonJS module that would require the
// root React 18): React 19 has the hook built in.
export { useSyncExternalStore } from 'react';
