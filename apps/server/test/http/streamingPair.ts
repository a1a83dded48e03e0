/**
 * A real PostgreSQL 15 primary and a hot standby streaming from it, in a temporary directory, for the
 * tests of reads from replicas: `initdb`, `pg_basebackup -R`, two `pg_ctl start`s. As root (the CI
 * container), the clusters run as the `postgres` OS user, which PostgreSQL requires.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface StreamingPair {
  primaryUrl: string;
  standbyUrl: string;
  stop(): void;
}

const asRoot = process.getuid?.() === 0;

function run(tool: string, args: string[]): void {
  const command = path.join(BIN, tool);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

/** Starts the pair on `primaryPort` and `standbyPort` (127.0.0.1, trust); `stop` ends both and removes their files. */
export function startStreamingPair(primaryPort: number, standbyPort: number): StreamingPair {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-streaming-'));
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  if (asRoot) execFileSync('chown', ['postgres', root]);
  const started: string[] = [];
  const stop = () => {
    for (const dir of started.reverse()) {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  const start = (dir: string, port: number) => {
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off`;
    run('pg_ctl', ['-D', dir, '-o', options, '-l', path.join(root, `${port}.log`), '-w', 'start']);
    started.push(dir);
  };
  try {
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    fs.appendFileSync(path.join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
    start(primaryDir, primaryPort);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream']);
    start(standbyDir, standbyPort);
  } catch (err) {
    stop();
    throw err;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/postgres`,
    stop,
  };
}
