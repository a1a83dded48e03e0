import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
}

/**
 * A small closed-loop HTTP load generator: `concurrency` keep-alive connections each send the next
 * request as soon as the previous answer arrives, for `seconds`. Bounded in time and count; loopback only.
 */
export async function runLoad(opts: {
  port: number;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  concurrency?: number;
  seconds?: number;
}): Promise<LoadResult> {
  const concurrency = opts.concurrency ?? 32;
  const seconds = opts.seconds ?? 4;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const deadline = Date.now() + seconds * 1000;
  let requests = 0;
  let errors = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: opts.port,
          path: opts.path,
          method: opts.method ?? 'GET',
          agent,
          headers: { 'content-type': 'application/json', ...opts.headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) requests++;
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(opts.body);
    });
  const start = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline && requests + errors < 5_000_000) await one();
    }),
  );
  agent.destroy();
  const elapsed = (Date.now() - start) / 1000;
  return { requests, errors, seconds: elapsed, perSecond: requests / elapsed };
}
