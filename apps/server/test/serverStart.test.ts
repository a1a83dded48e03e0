/**
 * `npm start` on a port already in use fails at once, before the database is opened: a first start
 * would otherwise seed it and generate passwords that nobody sees, and the next start (port free
 * again) would only say they "were printed at first start".
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './serverProcess.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const env = { DATA_DIR: dataDir, DATABASE_URL: '', SCHEDULER: '0', DEMO_PASSWORD: '', OPERATOR_PASSWORD: '' };

describe('starting the server', () => {
  it('on a port in use fails before touching the data directory; the next start prints the generated passwords', { timeout: 300_000 }, async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += String(d)));
      child.stderr!.on('data', (d) => (out += String(d)));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, out).not.toBe(0);
      expect(out).toMatch(/Lucky28 could not start: .*EADDRINUSE/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      taken.close();
    }

    const server = await startServerProcess(env);
    try {
      expect(server.output()).toMatch(/Demo player: {6}demo \/ \S+/);
      expect(server.output()).toMatch(/Operator login: {3}admin \/ \S+ {3}\(shown once; keep it safe\)/);
      expect(server.output()).not.toContain('printed at first start');
    } finally {
      await server.stop('SIGTERM');
    }
  });
});
