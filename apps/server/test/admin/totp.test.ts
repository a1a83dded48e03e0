import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpAt } from '../../src/domain/operators/totp.js';

// RFC 6238 appendix B (SHA-1 rows) and RFC 4226 appendix D.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 4226 HOTP vectors', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 3, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '969429', '520489']);
  });

  it('matches the RFC 6238 SHA-1 vectors (8 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) expect(totpAt(RFC_SECRET, t * 1000, 8)).toBe(code);
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi======')!.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeNull();
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
    expect(otpauthUri('ABC', 'admin')).toBe('otpauth://totp/Lucky28%3Aadmin?secret=ABC&issuer=Lucky28&algorithm=SHA1&digits=6&period=30');
  });

  it('accepts one step of drift either way, never an already used step', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpAt(secret, now), now, null)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now), now, step)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now, step - 1)).toBeNull();
    expect(matchTotp(secret, '12345', now, null)).toBeNull();
  });
});
