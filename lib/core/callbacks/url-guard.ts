// Callback URLs may not reach into the platform's own network: loopback, private, link-local,
// carrier-grade NAT, unique-local, multicast, reserved and documentation addresses are refused
// unless the deployment allows private callbacks (ALLOW_PRIVATE_CALLBACK_URLS), and cloud
// metadata services always. Addresses are compared as numbers, never as text, so every spelling
// of one (IPv4-mapped or NAT64 IPv6, trailing dots…) meets the same rule. WHATWG URL parsing has
// already turned decimal, octal, hex and short IPv4 forms into dotted quads. outbound-http.ts
// applies addressProblem to every address a name resolves to and connects to the one it checked.
import net from "node:net";

type Parsed = { v: 4; n: number } | { v: 6; b: Uint8Array };

const v4Blocked: [number, number][] = (
  [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.88.99.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ] as const
).map(([a, bits]) => [v4ToInt(a), bits]);

/** Reachable from a cloud host only, and full of credentials: refused even where private callbacks are allowed. */
const metadataV4 = new Set(["169.254.169.254", "169.254.170.2", "169.254.170.23", "100.100.100.200", "168.63.129.16"].map(v4ToInt));
const metadataV6 = new Set(["fd00:ec2::254", "fd00:ec2::23", "fd20:ce::254"].map((a) => hex(parseV6(a)!)));
const metadataNames = new Set(["metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal"]);
const loopbackNames = new Set(["localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"]);

function v4ToInt(ip: string): number {
  return ip.split(".").reduce((n, o) => n * 256 + Number(o), 0);
}

function hex(b: Uint8Array): string {
  return Buffer.from(b).toString("hex");
}

function parseV6(ip: string): Uint8Array | null {
  let s = ip.replace(/%.*$/, "").toLowerCase();
  if (!net.isIPv6(s)) return null;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const n = v4ToInt(tail[1]!);
    s = `${s.slice(0, -tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = s.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const r = rest ? rest.split(":") : [];
  const groups = rest === undefined ? h : [...h, ...Array<string>(8 - h.length - r.length).fill("0"), ...r];
  const b = new Uint8Array(16);
  groups.forEach((g, i) => {
    const v = parseInt(g, 16);
    b[i * 2] = v >> 8;
    b[i * 2 + 1] = v & 0xff;
  });
  return b;
}

function parse(ip: string): Parsed | null {
  if (net.isIPv4(ip)) return { v: 4, n: v4ToInt(ip) };
  const b = parseV6(ip);
  if (!b) return null;
  const embedded = () => ((b[12]! << 24) | (b[13]! << 16) | (b[14]! << 8) | b[15]!) >>> 0;
  // ::ffff:a.b.c.d (IPv4-mapped) reaches a.b.c.d through a dual-stack socket; 64:ff9b::a.b.c.d
  // (NAT64) reaches it through the gateway: both are judged as the IPv4 address they carry.
  if (b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff) return { v: 4, n: embedded() };
  if (hex(b.subarray(0, 12)) === "0064ff9b0000000000000000") return { v: 4, n: embedded() };
  return { v: 6, b };
}

function v4InBlocked(n: number): boolean {
  return v4Blocked.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

function v6Private(b: Uint8Array): boolean {
  // Only global unicast (2000::/3) is public; inside it, the special-purpose blocks are not:
  // 2001::/23 (Teredo, benchmarking, ORCHID…), 2001:db8::/32 and 3fff::/20 (documentation);
  // 6to4 (2002::/16) is judged by the IPv4 address it carries.
  if ((b[0]! & 0xe0) !== 0x20) return true;
  if (b[0] === 0x20 && b[1] === 0x01 && b[2]! < 0x02) return true;
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true;
  if (b[0] === 0x3f && b[1] === 0xff && b[2]! < 0x10) return true;
  if (b[0] === 0x20 && b[1] === 0x02) return v4InBlocked(((b[2]! << 24) | (b[3]! << 16) | (b[4]! << 8) | b[5]!) >>> 0);
  return false;
}

/** Loopback, private, link-local, CGNAT, unique-local, multicast, reserved; anything not an IP address too. */
export function isPrivateAddress(ip: string): boolean {
  const p = parse(ip);
  if (!p) return true;
  return p.v === 4 ? v4InBlocked(p.n) : v6Private(p.b);
}

/** Cloud metadata services, and the IPv4 link-local block they live in. */
export function isMetadataAddress(ip: string): boolean {
  const p = parse(ip);
  if (!p) return false;
  if (p.v === 4) return metadataV4.has(p.n) || Math.floor(p.n / 65536) === 169 * 256 + 254;
  return metadataV6.has(hex(p.b));
}

/** Why a resolved (or literal) address may not be connected to, or null when it may. */
export function addressProblem(ip: string, allowPrivate: boolean): string | null {
  if (isMetadataAddress(ip)) return "a cloud metadata address";
  if (!allowPrivate && isPrivateAddress(ip)) return "a private or loopback address";
  return null;
}

/** The URL's host as connected to: lower case, without IPv6 brackets and trailing dots. */
export function hostOf(u: URL): string {
  return u.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
}

/** `URL.parse` (Node 20.18+) for every Node this runs on (20.9+): the URL, or null. */
export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Syntax check at the API and before every attempt: http(s), a host, and no literal private address unless allowed. */
export function checkCallbackUrl(url: string, allowPrivate: boolean): string | null {
  const u = parseUrl(url);
  return u ? checkParsedUrl(u, allowPrivate) : "is not a URL";
}

export function checkParsedUrl(u: URL, allowPrivate: boolean): string | null {
  if (u.protocol !== "http:" && u.protocol !== "https:") return "must use http or https";
  if (u.username || u.password) return "must not carry credentials";
  const host = hostOf(u);
  if (!host) return "is not a URL";
  if (metadataNames.has(host) || (net.isIP(host) && isMetadataAddress(host))) return "points to a cloud metadata service";
  if (!allowPrivate && (loopbackNames.has(host) || host.endsWith(".localhost") || (net.isIP(host) && isPrivateAddress(host)))) return "points to a private or loopback address";
  return null;
}
