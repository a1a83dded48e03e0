/**
 * The real server (src/server.ts) for the live-stream bench, with one addition for measuring it from
 * outside: on SIGUSR2 it collects garbage (node --expose-gc) and writes its memory use to stderr as
 * one line `memory {…process.memoryUsage()}`. Nothing else differs; never used in production.
 */
process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  // Buffers outside the heap are freed by finalisers after a collection: collect again once they ran.
  setTimeout(() => {
    gc?.();
    process.stderr.write(`memory ${JSON.stringify(process.memoryUsage())}\n`);
  }, 500);
});
await import('../src/server.js');
export {};
