/**
 * The real server (src/server.ts) for the live-stream bench, with one addition for measuring it from
 * outside: on SIGUSR2 it collects garbage (node --expose-gc) and writes its memory use to stderr as
 * one line `memory {…process.memoryUsage()}`. Nothing else differs; never used in production.
 */
process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  // Buffers outside the heap are freed by finalisers after a collection: collect again once they ran
  // (three times, half a second apart: with tens of thousands of sockets one more round still freed some).
  const again = (left: number) =>
    setTimeout(() => {
      gc?.();
      if (left > 1) return again(left - 1);
      process.stderr.write(`memory ${JSON.stringify(process.memoryUsage())}\n`);
    }, 500);
  again(3);
});
await import('../src/server.js');
export {};
