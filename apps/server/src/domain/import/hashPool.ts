/** A pool of hashing threads (node:worker_threads, hashWorker.mjs): argon2id of many values, one per thread at a time. */
import { Worker } from 'node:worker_threads';
import { ARGON2_OPTIONS } from '../security/passwords.js';

export interface HashPool {
  hash(values: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}

export function openHashPool(threads: number): HashPool {
  const workers = Array.from(
    { length: Math.max(1, threads) },
    () => new Worker(new URL('./hashWorker.mjs', import.meta.url), { workerData: { options: ARGON2_OPTIONS } }),
  );
  let nextId = 0;
  const waiting = new Map<number, { resolve: (h: string) => void; reject: (e: Error) => void }>();
  for (const w of workers) {
    w.on('message', (m: { id: number; hash?: string; error?: string }) => {
      const p = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error !== undefined || m.hash === undefined) p?.reject(new Error(`hashing failed: ${m.error}`));
      else p?.resolve(m.hash);
    });
  }
  const on = (w: Worker, value: string) =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      w.postMessage({ id, value });
    });
  return {
    async hash(values) {
      const out: string[] = new Array(values.length);
      let i = 0;
      await Promise.all(
        workers.map(async (w) => {
          while (i < values.length) {
            const at = i++;
            out[at] = await on(w, values[at]!);
          }
        }),
      );
      return out;
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
