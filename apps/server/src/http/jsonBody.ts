import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies with every number read as it was written (issue 42). JSON.parse turns `1e1`, `10.0`
 * and `10` into the same 10, so a field could only accept or refuse them all: a stake of `1e1` was
 * placed as 10. Before parsing, a number whose text is not the one JavaScript writes for its value
 * (an exponent, a trailing zero, `-0`, more digits than a double keeps) is turned into a string of
 * that text, so the schemas judge what the client wrote and refuse it with the field's message.
 * Clients that build their bodies with JSON.stringify — every browser app, the spec's included —
 * always write numbers that way and are not affected.
 */

// A string literal (kept whole, so digits inside it are never touched) or a number token.
const TOKEN_RE = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

const isCanonical = (token: string) => String(Number(token)) === token;

/** The JSON text with each non-canonical number quoted; the same string when there is none. */
export function numbersAsWritten(json: string): string {
  let changed = false;
  const out = json.replace(TOKEN_RE, (token) => {
    if (token.charCodeAt(0) === 34 /* " */ || isCanonical(token)) return token;
    changed = true;
    return `"${token}"`;
  });
  return changed ? out : json;
}

/** Fastify's own JSON parser (prototype-poisoning checks, its errors for an empty or broken body) after numbersAsWritten. */
export function readJsonNumbersAsWritten(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => parse(request, numbersAsWritten(body as string), done));
}
