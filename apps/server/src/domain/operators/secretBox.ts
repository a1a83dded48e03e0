import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for operators' TOTP secrets: AES-256-GCM with a key from
 * OPERATOR_SECRET_KEY, or — when that is unset — a random key generated once and kept in the data
 * directory (`operator-secret.key`, mode 0600). Each value is bound to its operator (additional
 * authenticated data), so a secret copied onto another operator's row does not decrypt.
 */
export const KEY_FILE = 'operator-secret.key';
const PREFIX = 'v1';

/** The 32-byte key: the configured text (64 hex characters, or any text of 32+ characters, hashed) or the kept file. */
export function resolveOperatorKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return keyFromText(configured);
  const file = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(file)) return keyFromText(fs.readFileSync(file, 'utf8').trim());
  fs.mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('hex');
  // 'wx': never overwrite a key another process wrote in the meantime.
  try {
    fs.writeFileSync(file, generated + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return keyFromText(fs.readFileSync(file, 'utf8').trim());
  }
  return keyFromText(generated);
}

export function keyFromText(text: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (text.length < 32) throw new Error('OPERATOR_SECRET_KEY must be 64 hex characters or at least 32 characters of text');
  return createHash('sha256').update(text, 'utf8').digest();
}

const aad = (operatorId: number) => Buffer.from(`operator:${operatorId}`);

export function sealSecret(key: Buffer, operatorId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(operatorId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}

export const isSealed = (stored: string): boolean => stored.startsWith(`${PREFIX}:`);

/** The plain secret; throws when the value was not sealed with this key for this operator. */
export function openSecret(key: Buffer, operatorId: number, stored: string): string {
  const [prefix, iv, tag, body] = stored.split(':');
  if (prefix !== PREFIX || !iv || !tag || body === undefined) throw new Error('operator secret is not sealed');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(operatorId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
