/**
 * The server address as the owner types it on the connection screen: the scheme may be left
 * out. `https://` is then assumed, except for this machine and private networks (localhost,
 * 127.x, 10.x, 172.16–31.x, 192.168.x, 169.254.x, [::1], fc00::/7, fe80::/10, *.local), where a
 * self-hosted Folio is usually reached over plain `http://` and an `https://` guess would fail.
 * The renderer's form check, the bridge's schema and main's probe all complete the same way.
 */

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
/** A host name, an IPv4 address or a bracketed IPv6 address, then an optional port. */
const AUTHORITY = /^(\[[\da-f:.]+\]|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.?)(?::\d{1,5})?$/iu;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/;

function isPrivateIpv4(host: string): boolean {
  const match = IPV4.exec(host);
  if (!match) return false;
  const [first, second] = [Number(match[1]), Number(match[2])];
  return (
    first === 127 ||
    first === 10 ||
    (first === 172 && second >= 16 && second <= 31) ||
    (first === 192 && second === 168) ||
    (first === 169 && second === 254)
  );
}

function isPrivateIpv6(bracketed: string): boolean {
  const host = bracketed.slice(1, -1).toLowerCase();
  return host === '::1' || /^f[cd][\da-f]{0,2}:/.test(host) || /^fe[89ab][\da-f]?:/.test(host);
}

/** Whether `host` (as typed, without port) is this machine or a private network. */
export function isLocalNetworkHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name.startsWith('[')) return isPrivateIpv6(name);
  return name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || isPrivateIpv4(name);
}

/**
 * `example.com` -> `https://example.com`, `localhost:4000` -> `http://localhost:4000`. An
 * address that already has a scheme, or that is not a host at all, comes back unchanged (trimmed)
 * for the URL check to accept or refuse.
 */
export function withServerScheme(input: string): string {
  const text = input.trim();
  if (HAS_SCHEME.test(text)) return text;
  const cut = text.search(/[/?#]/);
  const authority = cut < 0 ? text : text.slice(0, cut);
  const rest = cut < 0 ? '' : text.slice(cut);
  const match = AUTHORITY.exec(authority);
  // `http//host` or `host//path` is a mistyped scheme, not a path worth guessing about.
  if (!match?.[1] || rest.startsWith('//')) return text;
  return `${isLocalNetworkHost(match[1]) ? 'http' : 'https'}://${text}`;
}
