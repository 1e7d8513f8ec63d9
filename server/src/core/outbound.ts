import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction, Socket } from 'node:net';

/**
 * Networks an address a tenant sets (object storage, SMS, data sources) may not reach: this
 * host, private and shared networks, link-local (the cloud metadata service at 169.254.169.254),
 * unique-local, multicast, unspecified and reserved ranges, and the IPv6 forms that carry an IPv4
 * address inside (IPv4-mapped ones are checked against the IPv4 list by BlockList itself).
 */
const FORBIDDEN: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['::', 96, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['2001::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

/** A host without the brackets of an IPv6 literal in a URL ("[::1]"). */
const bare = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

/** Raised (as a socket error) when an address is refused; never says whether anything listens there. */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(readonly host: string) {
    super(`${host} is a private, local or reserved address`);
    this.name = 'OutboundRefused';
  }
}

/** Whether an error (or one it was caused by) is an outbound refusal. */
export function isOutboundRefused(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === 'EOUTBOUNDREFUSED') return true;
  return false;
}

/** Raised when an address is no http:// or https:// URL with a host (nothing to check, nothing to call). */
export class OutboundInvalid extends Error {
  readonly code = 'EOUTBOUNDINVALID';
  constructor(readonly url: string) {
    super('not an http:// or https:// URL with a host');
    this.name = 'OutboundInvalid';
  }
}

/** Whether an error is an address that is no URL the guard can check. */
export const isOutboundInvalid = (error: unknown): boolean =>
  (error as { code?: unknown })?.code === 'EOUTBOUNDINVALID';

/**
 * The host of an http(s) URL. Anything the URL parser refuses (a NUL in a name, an IPv6 zone,
 * a bad port), another scheme or an empty host is an OutboundInvalid, never a TypeError.
 */
export function hostOfUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundInvalid(url);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname)
    throw new OutboundInvalid(url);
  return parsed.hostname;
}

/** Parses "10.0.0.0/8, 192.168.1.20" into a BlockList; throws on a malformed entry. */
export function networksOf(text: string): BlockList {
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`${entry} is not an IP address or network`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128))
        throw new Error(`${entry} has no valid prefix length`);
      list.addSubnet(address, bits, type);
    }
  }
  return list;
}

export interface OutboundPolicy {
  /** Tenants' addresses may reach private networks too (tests, on-premise installs). */
  privateAllowed: boolean;
  /** Private networks the operator allows all the same (an on-premise object store). */
  allowedNetworks: BlockList;
}

/**
 * The one gate for connections to addresses tenants configure. Addresses are checked when they
 * are saved (`check`) and again on every connection (`lookup`, `agents`, `socket`, `request`),
 * because a name can resolve elsewhere by the time it is used. A refusal happens before any
 * packet is sent, so its answer is the same whatever listens at the address.
 */
export class OutboundGuard {
  private readonly forbidden = new BlockList();
  private cachedAgents: { httpAgent: HttpAgent; httpsAgent: HttpsAgent } | undefined;

  constructor(private readonly policy: OutboundPolicy) {
    for (const [address, prefix, type] of FORBIDDEN) this.forbidden.addSubnet(address, prefix, type);
  }

  /** Whether one resolved address may be called. */
  allows(address: string): boolean {
    if (this.policy.privateAllowed) return true;
    const family = isIP(address);
    if (!family) return false;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    return this.policy.allowedNetworks.check(address, type) || !this.forbidden.check(address, type);
  }

  /**
   * Checks a host (a name or an IP literal) before it is saved: refused when it is, or resolves
   * to, a forbidden address. A name that does not resolve now is let through; every
   * connection checks again.
   */
  async check(host: string): Promise<void> {
    if (this.policy.privateAllowed) return;
    const name = bare(host);
    if (isIP(name)) {
      if (!this.allows(name)) throw new OutboundRefused(host);
      return;
    }
    const addresses = await new Promise<LookupAddress[]>((resolve) => {
      try {
        dnsLookup(name, { all: true }, (error, found) => resolve(error ? [] : found));
      } catch {
        // A name the resolver will not take (a NUL inside) resolves nowhere, now or later.
        resolve([]);
      }
    });
    if (addresses.some((a) => !this.allows(a.address))) throw new OutboundRefused(host);
  }

  /** `check` of an http(s) URL's host; OutboundInvalid when it is no such URL. */
  async checkUrl(url: string): Promise<void> {
    await this.check(hostOfUrl(url));
  }

  /** A DNS lookup for sockets that fails when the name resolves to any forbidden address. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as LookupAddress[];
      if (addresses.length === 0 || addresses.some((a) => !this.allows(a.address)))
        return callback(new OutboundRefused(hostname), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  /** Refuses an IP literal (which sockets connect to without a lookup) that is forbidden. */
  private literal(host: string): void {
    const name = bare(host);
    if (isIP(name) && !this.allows(name)) throw new OutboundRefused(host);
  }

  /** HTTP agents whose every connection goes through the check (for SDK clients). */
  agents(): { httpAgent: HttpAgent; httpsAgent: HttpsAgent } {
    this.cachedAgents ??= {
      httpAgent: new HttpAgent({ keepAlive: true, lookup: this.lookup }),
      httpsAgent: new HttpsAgent({ keepAlive: true, lookup: this.lookup }),
    };
    return this.cachedAgents;
  }

  /**
   * Checks the host of a URL given as an IP literal; names are checked by the agents' lookup.
   * OutboundInvalid when it is no http(s) URL.
   */
  assertUrl(url: string): void {
    this.literal(hostOfUrl(url));
  }

  /**
   * A socket for a database driver: `connect(port, host)` goes through the check; a local
   * socket path (host given as a directory) counts as this host.
   */
  socket(): Socket {
    const socket = new Socket();
    const connect = socket.connect.bind(socket);
    const guarded = (port: number | string, host?: string): Socket => {
      const local = host === undefined && typeof port === 'string' && !/^\d+$/.test(port);
      try {
        if (local && !this.policy.privateAllowed) throw new OutboundRefused(String(port));
        if (host !== undefined) this.literal(host);
      } catch (error) {
        process.nextTick(() => socket.destroy(error as Error));
        return socket;
      }
      if (local) return connect(String(port));
      return connect({ port: Number(port), host: host ?? 'localhost', lookup: this.lookup });
    };
    socket.connect = guarded as Socket['connect'];
    return socket;
  }

  /** A small HTTP call (SMS providers): status and at most 64 KB of text, through the check. */
  async request(
    url: string,
    init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
  ): Promise<{ status: number; text: string }> {
    this.assertUrl(url);
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        url,
        { method: init.method, headers: init.headers, lookup: this.lookup, timeout: init.timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < 64 * 1024) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks)
                .toString('utf8')
                .slice(0, 64 * 1024),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })));
      req.on('error', reject);
      req.end(init.body);
    });
  }
}
