import dns from 'node:dns/promises';
import net from 'node:net';
import { ALLOWED_SMTP_PORTS } from '../../shared/schemas/settings.js';

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
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blockList.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, link-local and other non-public addresses. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isNonPublicAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 4) return blockList.check(address, 'ipv4');
  if (family === 6) return blockList.check(address, 'ipv6');
  return true;
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
    throw new SmtpHostRefused(`SMTP host ${host} resolves to a private or local address, which is not allowed`);
  }
  return addresses[0]!;
}
