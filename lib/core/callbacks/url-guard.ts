// Callback URLs may not reach into the platform's own network: loopback, private, link-local,
// carrier-grade NAT, multicast and cloud metadata addresses are refused unless the deployment
// allows private callbacks. The check runs on the resolved address that is then connected to,
// so a DNS answer cannot change between check and use.
import dns from "node:dns";
import net from "node:net";

const blockedV4: [string, number][] = [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
];

function v4ToInt(ip: string): number {
  return ip.split(".").reduce((n, o) => (n << 8) + Number(o), 0) >>> 0;
}

export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const n = v4ToInt(ip);
    return blockedV4.some(([base, bits]) => (n >>> (32 - bits)) === (v4ToInt(base) >>> (32 - bits)));
  }
  if (net.isIPv6(ip)) {
    const lower = ip.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isPrivateAddress(mapped[1]);
    return lower === "::" || lower === "::1" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || /^ff/.test(lower);
  }
  return true;
}

/** Cloud metadata services: refused even where private callbacks are allowed. */
const metadataAddresses = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

export function isMetadataAddress(ip: string): boolean {
  return metadataAddresses.has(ip.toLowerCase().replace(/^::ffff:/, ""));
}

export class RefusedUrlError extends Error {}

/** Syntax check at the API: http(s), a host, and no literal private address unless allowed. */
export function checkCallbackUrl(url: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "is not a URL";
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return "must use http or https";
  if (u.username || u.password) return "must not carry credentials";
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (isMetadataAddress(host) || host === "metadata.google.internal") return "points to a cloud metadata service";
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || (net.isIP(host) && isPrivateAddress(host))))
    return "points to a private or loopback address";
  return null;
}

/** A dns.lookup for http.request that refuses private answers (unless allowed). */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...(options as dns.LookupOptions), all: false }, (err, address, family) => {
      if (err) return callback(err, "", 0);
      if (isMetadataAddress(address as string) || (!allowPrivate && isPrivateAddress(address as string)))
        return callback(new RefusedUrlError(`${hostname} resolves to ${address}, a private address`) as NodeJS.ErrnoException, "", 0);
      callback(null, address as string, family as number);
    });
  };
}
