/**
 * The real server (src/server.ts) for the live-stream bench, with one addition for measuring it from
 * outside: on SIGUSR2 it collects garbage (node --expose-gc) and writes its memory use to stderr as
 * one line `memory {…process.memoryUsage()}`. Nothing else differs; never used in production.
 */
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  process.stderr.write(`memory ${JSON.stringify(process.memoryUsage())}\n`);
});
await import('../src/server.js');
export {};
