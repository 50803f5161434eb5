/**
 * Whether a production address (the Supabase project's URL, the site's origin) can be reached by a visitor on the
 * internet. The host is taken from the WHATWG URL parser, as the browser will read it: `127.1`, `2130706433` and
 * `0x7f.1` all arrive as 127.0.0.1, `[::ffff:127.0.0.1]` as `[::ffff:7f00:1]`, `LOCALHOST.` as `localhost.`,
 * so one check per range covers every spelling. Address ranges are matched with node:net's BlockList, which also
 * matches an IPv4-mapped IPv6 address against the IPv4 ranges.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** This machine, or "any address" (which a browser also takes to mean this machine). */
const thisMachine = new BlockList();
thisMachine.addSubnet('127.0.0.0', 8, 'ipv4');
thisMachine.addSubnet('0.0.0.0', 8, 'ipv4');
thisMachine.addAddress('::1', 'ipv6');
thisMachine.addAddress('::', 'ipv6');

/** Networks no one outside them can reach: private (RFC 1918), carrier-grade NAT, link-local, unique local (ULA). */
const localNetwork = new BlockList();
localNetwork.addSubnet('10.0.0.0', 8, 'ipv4');
localNetwork.addSubnet('172.16.0.0', 12, 'ipv4');
localNetwork.addSubnet('192.168.0.0', 16, 'ipv4');
localNetwork.addSubnet('100.64.0.0', 10, 'ipv4');
localNetwork.addSubnet('169.254.0.0', 16, 'ipv4');
localNetwork.addSubnet('fe80::', 10, 'ipv6');
localNetwork.addSubnet('fc00::', 7, 'ipv6');

/** Names that resolve only on a local network (mDNS `.local`, `.home.arpa` of RFC 8375, `.internal`, `.lan`). */
const LOCAL_SUFFIXES = ['local', 'internal', 'lan', 'home.arpa'];
/** Names reserved never to be anyone's (RFC 2606, RFC 6761). */
const RESERVED_SUFFIXES = ['test', 'invalid', 'example', 'example.com', 'example.org', 'example.net'];

const endsWith = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/**
 * Public wildcard-DNS services that answer a name with the address written in it (127.0.0.1.nip.io,
 * app-10-0-0-5.sslip.io, 7f000001.nip.io, --1.sslip.io for ::1): a real, public name that can point at this
 * machine or a private network, which a look at the name alone would let through.
 */
const ADDRESS_IN_NAME = ['nip.io', 'sslip.io', 'xip.io', 'traefik.me', 'backname.io'];
/** Public names whose every subdomain is 127.0.0.1, kept for trying a site locally. */
const ALWAYS_THIS_MACHINE = ['localtest.me', 'lvh.me', 'vcap.me', 'lacolhost.com', 'localho.st', 'fuf.me', 'local.gd'];

/** The addresses a wildcard-DNS name may carry before its service's domain, in the spellings those services read. */
function addressesInName(prefix: string): string[] {
  const found: string[] = [];
  // Dotted or dashed IPv4 at the end of the name: 127.0.0.1, app.127.0.0.1, app-127-0-0-1, 127-0-0-1.
  const four = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})$/.exec(prefix);
  if (four) found.push(four.slice(1, 5).join('.'));
  const label = prefix.slice(prefix.lastIndexOf('.') + 1);
  // Eight hex digits: 7f000001, app-7f000001.
  const hex = /(?:^|-)([0-9a-f]{8})$/.exec(label);
  if (hex) found.push((hex[1]!.match(/../g) ?? []).map((pair) => parseInt(pair, 16)).join('.'));
  // IPv6 with its colons written as dashes: --1, fe80--1, 2a01-4f8-c17-b8f--2.
  if (label.includes('-')) found.push(label.replace(/-/g, ':'));
  return found.filter((address) => isIP(address));
}

/** Why no visitor on the internet can reach `hostname` (as `new URL(...).hostname` gives it), or undefined. */
export function unreachableHost(hostname: string): string | undefined {
  // A trailing dot is the same name, fully qualified: "localhost." is localhost.
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const version = isIP(host);
  if (version) {
    const type = version === 6 ? 'ipv6' : 'ipv4';
    if (thisMachine.check(host, type)) return 'this machine';
    if (localNetwork.check(host, type)) return 'a private or local network address';
    return undefined;
  }
  if (endsWith(host, 'localhost')) return 'this machine';
  const alwaysHere = ALWAYS_THIS_MACHINE.find((service) => endsWith(host, service));
  if (alwaysHere) return `this machine, by ${alwaysHere}'s wildcard DNS (every name under it is 127.0.0.1)`;
  const service = ADDRESS_IN_NAME.find((domain) => endsWith(host, domain));
  if (service) {
    for (const address of addressesInName(host.slice(0, -service.length - 1))) {
      const reason = unreachableHost(address);
      if (reason) return `${reason}, by ${service}'s wildcard DNS (${address} is written in the name)`;
    }
  }
  if (LOCAL_SUFFIXES.some((suffix) => endsWith(host, suffix))) return 'a name known only on a local network';
  if (RESERVED_SUFFIXES.some((suffix) => endsWith(host, suffix))) return 'a name reserved for examples';
  if (!host.includes('.')) return 'a name without a domain';
  return undefined;
}

/** Resolves a name to every address it has, as the system's resolver does (node:dns's lookup, all: true). */
export type Lookup = (hostname: string) => Promise<Array<{ address: string }>>;
const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * What the name's actual addresses say, where the network can be asked (the deploy's preflight): the first one no
 * visitor can reach and why (any public name can be pointed at 127.0.0.1 or a private network, not only the known
 * wildcard services'), `unresolved` with the resolver's answer when it gave none (a new domain whose records are not
 * there yet, or no network), or undefined when every address is public.
 */
export async function resolvedHostProblem(hostname: string, lookup: Lookup = systemLookup): Promise<{ address: string; reason: string } | { unresolved: string } | undefined> {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host)) return undefined;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host);
  } catch (error) {
    return { unresolved: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
  if (addresses.length === 0) return { unresolved: 'no address' };
  for (const { address } of addresses) {
    const reason = unreachableHost(address);
    if (reason) return { address, reason };
  }
  return undefined;
}
