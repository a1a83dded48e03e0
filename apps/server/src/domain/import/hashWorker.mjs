// One hashing thread of the importer's secrets phase (secrets.ts): argon2id of each value it is sent,
// with the parameters every secret of ours uses. Plain JavaScript, so it runs as it is under any loader.
import { parentPort, workerData } from 'node:worker_threads';
import { hash } from '@node-rs/argon2';

parentPort.on('message', async ({ id, value }) => {
  try {
    parentPort.postMessage({ id, hash: await hash(value, workerData.options) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
});
