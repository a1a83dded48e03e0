import { describe, expect, it } from 'vitest';
import { isSiteAddress, siteAddressOrigin } from './siteAddress.js';

const LINES = ['https://a.example.com', 'http://b.example.com:8080'];

describe('addresses of this site (a campaign banner)', () => {
  it('accepts a path of this site and an http(s) address at one of its lines', () => {
    for (const path of ['/api/index/media/abcdefghijklmnopqrstuvwxyz012345', '/banner.png', '/a/b?c=1#d']) {
      expect(siteAddressOrigin(path), path).toBe('');
      expect(isSiteAddress(path, []), path).toBe(true);
    }
    expect(isSiteAddress('https://a.example.com/api/index/media/x', LINES)).toBe(true);
    expect(isSiteAddress('HTTPS://A.EXAMPLE.COM/x.png', LINES)).toBe(true);
    expect(isSiteAddress('http://b.example.com:8080/x.png', LINES)).toBe(true);
  });

  it('refuses other schemes, other hosts and addresses that only look like paths', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'x.png',
      '',
      ' /x.png',
      '/x .png',
      'ftp://a.example.com/x',
      'https://user:pw@a.example.com/x',
      'https:/a.example.com',
      'https://a.example.com\\@evil.example/',
    ]) {
      expect(isSiteAddress(bad, LINES), bad).toBe(false);
    }
    // A well-formed address elsewhere: the shape passes, the host does not.
    expect(siteAddressOrigin('https://evil.example/x.png')).toBe('https://evil.example');
    expect(isSiteAddress('https://evil.example/x.png', LINES)).toBe(false);
    expect(isSiteAddress('https://a.example.com.evil.example/x.png', LINES)).toBe(false);
    expect(isSiteAddress('http://a.example.com/x.png', LINES)).toBe(false);
    expect(isSiteAddress('https://a.example.com/x.png', [])).toBe(false);
  });
});
