import { hash, randomBytes } from 'node:crypto';

/** A 256-bit random bearer token, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256. */
export const tokenHash = (token: string): string => hash('sha256', token, 'hex');
