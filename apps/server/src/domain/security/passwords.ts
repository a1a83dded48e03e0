import { hash, verify } from '@node-rs/argon2';

// argon2id, m = 19 MiB, t = 2, p = 1 (docs/design.md#security, the OWASP-recommended minimum).
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const OPTIONS = ARGON2_OPTIONS;

/** Hashes a password or a security code. */
export const hashSecret = (secret: string): Promise<string> => hash(secret, OPTIONS);

export async function verifySecret(stored: string, candidate: string): Promise<boolean> {
  try {
    return await verify(stored, candidate);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal that. */
let dummyHash: Promise<string> | undefined;
export const dummySecretHash = () => (dummyHash ??= hashSecret('lucky28-no-such-account'));
