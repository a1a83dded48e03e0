/**
 * A spec's own server on a clock it moves (apps/server/test/support/clockServer.ts, test-only): the real
 * server and the built player app in a fresh PGlite directory, the clock starting `beforeMidnightMs`
 * before the operator's next midnight. `command` writes one stdin command and waits for its answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { DEMO_PASSWORD, OPERATOR_PASSWORD } from '../playwright.config';

export interface ClockServer {
  url: string;
  /** The server's clock now, ms (for a browser context's clock: `context.clock.install({ time: now() })`). */
  now(): number;
  /** Sends `text` and answers the server's next line matching `answer` (a `FAILED …` line throws). */
  command(text: string, answer: RegExp): Promise<string>;
  stop(): Promise<void>;
}

export async function startClockServer(opts: {
  /** Added to E2E_PORT: each spec its own port, so one spec's server never meets the next one's. */
  portOffset: number;
  beforeMidnightMs?: number;
  env?: Record<string, string>;
}): Promise<ClockServer> {
  const port = Number(process.env.E2E_PORT ?? 8091) + opts.portOffset;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-e2e-clock-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/support/clockServer.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD,
      OPERATOR_PASSWORD,
      LOG_LEVEL: 'warn',
      ROUND_SECONDS: '30',
      CLOSE_BEFORE_SECONDS: '5',
      RATE_LIMIT_FACTOR: '20',
      CLOCK_BEFORE_MIDNIGHT_MS: String(opts.beforeMidnightMs ?? 150_000),
      ...opts.env,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const seen: string[] = [];
  const waiters: { re: RegExp; resolve: (line: string) => void; reject: (e: Error) => void }[] = [];
  readline.createInterface({ input: server.stdout! }).on('line', (line) => {
    seen.push(line);
    for (const w of [...waiters]) {
      const failed = line.startsWith('FAILED');
      if (!failed && !w.re.test(line)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      if (failed) w.reject(new Error(line));
      else w.resolve(line);
    }
  });
  const waitLine = (re: RegExp, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const found = seen.find((l) => re.test(l));
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no line ${re} in: ${seen.join('\n')}`)), timeoutMs);
      waiters.push({
        re,
        resolve: (l) => (clearTimeout(timer), resolve(l)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  // The server's clock, as an offset from this process's: every answer that moves it says where it is.
  let offset = 0;
  const track = (line: string) => {
    const at = /NOW (\d+)/.exec(line);
    if (at) offset = Number(at[1]) - Date.now();
    return line;
  };
  track(await waitLine(/LISTENING/, 180_000));
  return {
    url: `http://localhost:${port}`,
    now: () => Date.now() + offset,
    async command(text, answer) {
      seen.length = 0;
      server.stdin!.write(`${text}\n`);
      return track(await waitLine(answer, 120_000));
    },
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}
