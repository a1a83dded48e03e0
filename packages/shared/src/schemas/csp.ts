/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it as soon as
 * a schema is built. In a browser our pages run under a Content-Security-Policy without eval
 * (script-src 'self'), where even the caught probe is reported as a violation: there, zod runs
 * without code generation. Imported first by schemas/index.ts, so it runs before any schema is
 * built. The server keeps zod's compiled parsers.
 */
import { config } from 'zod';

if ('document' in globalThis) config({ jitless: true });
