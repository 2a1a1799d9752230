// Where the SMSC is: the smpp:// (or ssmpp://) URL of SMSC_URL read into host, port and credentials.

export interface SmppEndpoint {
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
}

/** smpp://system_id:password@host:port (ssmpp:// for TLS); user and password percent-decoded. */
export function parseSmppUrl(url: string): SmppEndpoint {
  const u = new URL(url);
  if (u.protocol !== "smpp:" && u.protocol !== "ssmpp:") throw new Error(`SMSC URL must start with smpp:// or ssmpp:// (got ${u.protocol}//)`);
  const tls = u.protocol === "ssmpp:";
  const host = u.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) throw new Error("SMSC URL has no host");
  return {
    host,
    port: u.port ? Number(u.port) : tls ? 3550 : 2775,
    tls,
    systemId: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}
