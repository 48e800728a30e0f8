import { describe, expect, it } from 'vitest';
import { clientAddress, isLoopback, normalizeAddress } from './client-address';

describe('clientAddress', () => {
  it('takes the entry the trusted proxy appended, not the left-most one the client wrote', () => {
    expect(clientAddress('203.0.113.9, 10.0.0.1', '10.0.0.2', 1)).toBe('10.0.0.1');
    expect(clientAddress('1.1.1.1, 2.2.2.2, 3.3.3.3', '10.0.0.2', 1)).toBe('3.3.3.3');
  });

  it('counts the socket as the first trusted hop', () => {
    expect(clientAddress('1.1.1.1, 2.2.2.2, 3.3.3.3', '10.0.0.2', 2)).toBe('2.2.2.2');
    expect(clientAddress('1.1.1.1, 2.2.2.2, 3.3.3.3', '10.0.0.2', 3)).toBe('1.1.1.1');
  });

  it('gives the left-most entry when there are more hops than entries', () => {
    expect(clientAddress('1.1.1.1, 2.2.2.2', '10.0.0.2', 5)).toBe('1.1.1.1');
  });

  it('falls back to the socket without a header', () => {
    expect(clientAddress(undefined, '192.0.2.1', 1)).toBe('192.0.2.1');
    expect(clientAddress('', '192.0.2.1', 1)).toBe('192.0.2.1');
    expect(clientAddress('   ', '::ffff:192.0.2.1', 1)).toBe('192.0.2.1');
    expect(clientAddress(null, undefined, 1)).toBe('unknown');
  });

  it('ignores spaces around entries', () => {
    expect(clientAddress('  1.1.1.1 ,2.2.2.2  ', '10.0.0.2', 1)).toBe('2.2.2.2');
    expect(clientAddress('1.1.1.1 ,  2.2.2.2', '10.0.0.2', 2)).toBe('1.1.1.1');
  });

  it('reads IPv6, bracketed or not, with ports, in one form', () => {
    expect(clientAddress('2001:DB8::1', '10.0.0.2', 1)).toBe('2001:db8::1');
    expect(clientAddress('[2001:db8::1]:4711', '10.0.0.2', 1)).toBe('2001:db8::1');
    expect(clientAddress('198.51.100.3:55012', '10.0.0.2', 1)).toBe('198.51.100.3');
    expect(clientAddress('::ffff:198.51.100.3', '::1', 1)).toBe('198.51.100.3');
    expect(clientAddress('1.1.1.1', 'fe80::1%eth0', 2)).toBe('1.1.1.1');
  });

  it('never picks garbage: the nearest valid address to its right stands in', () => {
    expect(clientAddress('1.1.1.1, not-an-ip', '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientAddress('1.1.1.1, ', '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientAddress('1.1.1.1, <script>, 3.3.3.3', '10.0.0.2', 2)).toBe('3.3.3.3');
    expect(clientAddress('999.1.1.1', '10.0.0.2', 1)).toBe('10.0.0.2');
    // Beyond the trusted hops nothing is read, valid or not.
    expect(clientAddress('garbage, 1.1.1.1', '10.0.0.2', 1)).toBe('1.1.1.1');
  });
});

describe('normalizeAddress and isLoopback', () => {
  it('knows addresses from the rest', () => {
    expect(normalizeAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('localhost')).toBeNull();
    expect(normalizeAddress('')).toBeNull();
  });

  it('knows loopback in every spelling, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]']) expect(isLoopback(a)).toBe(true);
    for (const a of ['192.168.1.2', '10.0.0.1', '::ffff:10.0.0.1', 'fe80::1', '0.0.0.0', '::', 'localhost', '', undefined]) expect(isLoopback(a)).toBe(false);
  });
});
