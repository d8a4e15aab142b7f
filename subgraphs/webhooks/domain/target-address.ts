import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach unless the tenant allows private targets: loopback, link-local
 * (cloud metadata at 169.254.169.254), private ranges, carrier-grade NAT, unspecified and IPv6 ULA.
 * Checked at registration and again at connect time against the resolved address (DNS may change).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['192.0.0.0', 24], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return false;
  return PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export type UrlProblem = 'invalid' | 'scheme' | 'private';

/**
 * Checks a payload URL's form; hostnames that are private by name (localhost, also written `localhost.`)
 * or that `resolved` to any private address count as private.
 */
export function payloadUrlProblem(text: string, allowPrivate: boolean, resolved: readonly string[] = []): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'invalid';
  if (allowPrivate) return null;
  // A fully qualified name's trailing dot names the same host: "localhost." is localhost.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || isPrivateAddress(host)) return 'private';
  if (resolved.some(isPrivateAddress)) return 'private';
  return null;
}
