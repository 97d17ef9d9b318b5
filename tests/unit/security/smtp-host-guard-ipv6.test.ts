import { describe, expect, it } from 'vitest';
import { checkSmtpHost, isNonPublicAddress, SmtpHostRefused } from '../../../api/security/smtp-host-guard.js';

/**
 * Issue 14: the guard accepted `::127.0.0.1` and `::ffff:0:7f00:1`. Every IPv6 spelling of a loopback,
 * private or link-local address must be refused, and public addresses in the same spellings still pass.
 */
describe('SMTP host guard: every IPv6 form of a non-public address', () => {
  const nonPublic = [
    // IPv4-compatible (deprecated ::/96), dotted and hex
    '::127.0.0.1',
    '::7f00:1',
    '0:0:0:0:0:0:127.0.0.1',
    '::10.0.0.1',
    '::a9fe:a9fe', // 169.254.169.254, the cloud metadata service
    // IPv4-mapped in every spelling
    '::ffff:127.0.0.1',
    '::FFFF:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:7F00:0001',
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:ffff:7f00:0001',
    '::ffff:192.168.1.1',
    '::ffff:c0a8:101',
    '::ffff:a9fe:a9fe',
    // IPv4-translated (::ffff:0:0/96)
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '0:0:0:0:ffff:0:a00:1',
    // NAT64 (well-known and local-use prefixes), 6to4 around a private address, Teredo
    '64:ff9b::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '2002:a9fe:a9fe::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // IPv6's own loopback, unspecified, link-local, unique-local, multicast, documentation
    '::1',
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '::',
    '::0',
    'fe80::1',
    'FE80::1',
    'fe80::1%eth0',
    'febf::1',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    '2001:db8::1',
    // Not an address at all
    'localhost',
    '',
    '::ffff:999.0.0.1',
  ];
  const publicAddresses = [
    '8.8.8.8',
    '196.25.1.1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '::FFFF:0808:0808',
    '::ffff:0:8.8.8.8',
    '2002:808:808::1',
    '2001:4860:4860::8888',
    '2001:4860:4860:0:0:0:0:8888',
    '2C0F:FB50:4003::1',
  ];

  it.each(nonPublic)('%s is non-public', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(publicAddresses)('%s is public', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });

  it('refuses a host given as a bracketed IPv6 literal or resolving to one', async () => {
    const options = { allowPrivate: false, lookup: async () => ['::ffff:0:7f00:1'] };
    await expect(checkSmtpHost('[::127.0.0.1]', 587, options)).rejects.toBeInstanceOf(SmtpHostRefused);
    await expect(checkSmtpHost('[::ffff:0:7f00:1]', 587, options)).rejects.toBeInstanceOf(SmtpHostRefused);
    await expect(checkSmtpHost('mail.sneaky.example', 587, options)).rejects.toThrow(/private or local/);
  });
});
