// The address a request came from. X-Forwarded-For is a list anyone can write; its last entry is
// the peer that connected to the server (lib/server/peer-address.ts appends it), and only the
// reverse proxies of TRUSTED_PROXIES are believed about the entries before theirs. So the client
// is the last entry that is not a trusted proxy.
import net from "node:net";
import { env } from "../env.ts";

let trusted: { list: readonly string[]; block: net.BlockList } | undefined;

export function clientAddress(headers: Headers, trustedProxies: readonly string[] = env().TRUSTED_PROXIES): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((a) => normalAddress(a.trim()))
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) if (i === 0 || !isTrustedProxy(chain[i]!, trustedProxies)) return chain[i]!.slice(0, 64);
  return "";
}

/**
 * Whether every address the request passed is this machine's (the peer and any proxy before it).
 * A request handed to a route without going through the server (a test) names none.
 */
export function cameFromLoopback(headers: Headers): boolean {
  const chain = (headers.get("x-forwarded-for") ?? "").split(",").map((a) => normalAddress(a.trim()));
  return chain.every((a) => a === "" || a === "::1" || /^127\.\d+\.\d+\.\d+$/.test(a));
}

export function isTrustedProxy(address: string, list: readonly string[]): boolean {
  if (list.length === 0) return false;
  if (trusted?.list !== list) trusted = { list, block: blockListOf(list) };
  const type = net.isIPv4(address) ? "ipv4" : net.isIPv6(address) ? "ipv6" : null;
  return type !== null && trusted.block.check(address, type);
}

function blockListOf(list: readonly string[]): net.BlockList {
  const block = new net.BlockList();
  for (const entry of list) {
    const [address = "", prefix] = entry.split("/");
    const type = net.isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) block.addAddress(address, type);
    else block.addSubnet(address, Number(prefix), type);
  }
  return block;
}

/** "::ffff:10.0.0.1" as "10.0.0.1"; a bracketed or port-suffixed IPv4 as the bare address. */
function normalAddress(a: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) return mapped[1]!;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(a);
  if (withPort) return withPort[1]!;
  return a.replace(/^\[(.*)\]$/, "$1");
}
