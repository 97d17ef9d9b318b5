import dns from 'node:dns/promises';
import net from 'node:net';
import { ALLOWED_SMTP_PORTS } from '#shared/schemas/settings.js';

/**
 * A practice may name its own SMTP server, which the API then connects to: without a check that is a
 * server-side request forgery into the hosting network (metadata service, databases, admin ports).
 * The host is resolved and every address must be public; only mail ports are allowed.
 */
export class SmtpHostRefused extends Error {}

export interface SmtpGuardOptions {
  /** ALLOW_PRIVATE_SMTP_HOSTS: on-premises mail servers, and tests reaching a local SMTP server. */
  allowPrivate: boolean;
  /** SMTP_ALLOWED_PORTS; defaults to 25, 465, 587, 2525. */
  allowedPorts?: readonly number[];
  /** Injected in tests. */
  lookup?: (host: string) => Promise<string[]>;
}

const blockList = new net.BlockList();
// IPv4: this-network, private, CGNAT, loopback, link-local (cloud metadata), IETF, TEST-NETs,
// benchmarking, multicast and reserved, broadcast.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  blockList.addSubnet(network, prefix, 'ipv4');
}
// IPv6: unspecified, loopback, IPv4-mapped (checked again as IPv4 below), NAT64, discard, documentation,
// unique-local, link-local, multicast.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 32], // Teredo: the IPv4 address inside is obfuscated, so none of it is trusted
  ['2001:db8::', 32],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blockList.addSubnet(network, prefix, 'ipv6');
}

/**
 * The 16 bytes of an IPv6 address in any spelling (compressed, upper case, dotted IPv4 tail), via the
 * WHATWG URL parser's canonical form; undefined for anything else. A zone id (`fe80::1%eth0`) only makes
 * sense on a local link, so it is not parsed: the caller treats it as non-public.
 */
function ipv6Groups(address: string): number[] | undefined {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 address carries and would reach: IPv4-compatible (`::a.b.c.d`, `::7f00:1`),
 * IPv4-mapped (`::ffff:a.b.c.d` in any spelling), IPv4-translated (`::ffff:0:a.b.c.d`), NAT64
 * (`64:ff9b::a.b.c.d`) and 6to4 (`2002:AABB:CCDD::`). Each is checked as the IPv4 address it embeds.
 */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (zeroPrefix && g4 === 0 && (g5 === 0 || g5 === 0xffff)) return dotted(g6, g7);
  if (zeroPrefix && g4 === 0xffff && g5 === 0) return dotted(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b) return dotted(g6, g7);
  if (g0 === 0x2002) return dotted(g1 ?? 0, g2 ?? 0);
  return undefined;
}

/** True for loopback, private, link-local and other non-public addresses, in every IPv4-in-IPv6 form too. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blockList.check(address, 'ipv4');
  if (family !== 6 || address.includes('%')) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== undefined) {
    // ::/128 and ::1 are IPv6's own unspecified and loopback, not IPv4 0.0.0.0/0.0.0.1 (both refused anyway).
    return blockList.check(ipv4, 'ipv4') || blockList.check(address, 'ipv6');
  }
  return blockList.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}

async function defaultLookup(host: string): Promise<string[]> {
  const answers = await dns.lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/**
 * Resolves the host and checks port and addresses. Returns the address to connect to, so the connection
 * goes where the check looked (a second DNS answer cannot swap in an internal address).
 */
export async function checkSmtpHost(host: string, port: number, options: SmtpGuardOptions): Promise<string> {
  const ports = options.allowedPorts ?? ALLOWED_SMTP_PORTS;
  if (!ports.includes(port)) {
    throw new SmtpHostRefused(`SMTP port ${port} is not allowed; use one of ${ports.join(', ')}`);
  }
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = net.isIP(bare) ? [bare] : await (options.lookup ?? defaultLookup)(bare);
  } catch {
    throw new SmtpHostRefused(`SMTP host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new SmtpHostRefused(`SMTP host ${host} could not be resolved`);
  if (!options.allowPrivate && addresses.some(isNonPublicAddress)) {
    throw new SmtpHostRefused(
      `SMTP host ${host} resolves to a private or local address, which is not allowed`,
    );
  }
  return addresses[0]!;
}
