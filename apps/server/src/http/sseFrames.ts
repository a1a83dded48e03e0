import type { IncomingMessage } from 'node:http';

/**
 * The reading side of a Server-Sent Events answer (the live stream), for the tests, the bench and the
 * two-node check: hands each complete frame (the text before a blank line) to `onFrame`, then calls
 * `afterChunk` once per chunk received.
 */
export function onSseFrames(res: IncomingMessage, onFrame: (block: string) => void, afterChunk?: () => void): void {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onFrame(block);
    }
    afterChunk?.();
  });
}
