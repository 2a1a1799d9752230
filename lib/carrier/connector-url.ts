// A connector written as one URL, for SMSC_URL and the command line:
//   smpp://system_id:password@host:port?binds=2&window=20&tps=500&bind=txrx&tls=1&ca=/etc/smsc-ca.pem
//     &system_type=VMA&data_coding=1&src_ton=5&src_npi=0&dst_ton=1&dst_npi=1&enquire_link=30
//     &timeout=30000&temporary_errors=ESME_RTHROTTLED,ESME_RMSGQFUL,0x400
// (ssmpp:// is the same over TLS), read into ConnectorOptions and written back for display.
import { CONNECTOR_DEFAULTS, ConnectorOptionError, type ConnectorOptions, resolveConnector } from "./connector-options.ts";
import { DEFAULT_TEMPORARY_ERRORS, statusByName, statusName } from "./smpp-status.ts";

/** Query parameter → the option it sets. */
const PARAMS = {
  binds: "binds",
  window: "window",
  tps: "tps",
  timeout: "submitTimeoutMs",
  tls: "tls",
  ca: "tls",
  system_type: "systemType",
  bind: "bindMode",
  data_coding: "gsm7DataCoding",
  src_ton: "sourceTon",
  src_npi: "sourceNpi",
  dst_ton: "destTon",
  dst_npi: "destNpi",
  enquire_link: "enquireLinkSeconds",
  temporary_errors: "temporaryErrors",
} as const satisfies Record<string, keyof ConnectorOptions>;
type Param = keyof typeof PARAMS;

const isParam = (name: string): name is Param => Object.hasOwn(PARAMS, name);

function fail(param: Param | "url", message: string): never {
  throw new ConnectorOptionError(param === "url" ? "url" : PARAMS[param], message);
}

function numberParam(param: Param, v: string): number {
  if (!/^\d+(\.\d+)?$/.test(v)) fail(param, `${param} must be a number (got ${JSON.stringify(v)})`);
  return Number(v);
}

function flagParam(param: Param, v: string): boolean {
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  return fail(param, `${param} must be 1 or 0 (got ${JSON.stringify(v)})`);
}

function statusList(v: string): number[] {
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const code = /^0x[0-9a-f]{1,8}$/i.test(s) ? Number.parseInt(s, 16) : /^\d+$/.test(s) ? Number(s) : statusByName(s);
      if (code === undefined || code < 1) fail("temporary_errors", `temporary_errors: ${JSON.stringify(s)} is not an SMPP status (a name such as ESME_RTHROTTLED, or a code such as 0x58)`);
      return code;
    });
}

export interface ParseUrlOptions {
  /** false: a missing port is SMPP's default (2775, or 3550 over TLS) and the system_id may be empty — SMSC_URL as it always was. */
  strict?: boolean;
}

/**
 * The connector a URL describes: only the options it sets (the rest keep their defaults).
 * Throws ConnectorOptionError, whose `property` names the option, for anything it cannot use:
 * another scheme, no host or port, no system_id, an unknown or repeated parameter, a bad value.
 */
export function connectorOptionsFromUrl(url: string, { strict = true }: ParseUrlOptions = {}): ConnectorOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // The URL parser says only "Invalid URL"; name the usual causes.
    const authority = /^s?smpp:\/\/(?:[^@/?#]*@)?([^/?#]*)/i.exec(url)?.[1];
    if (authority !== undefined && /^(:|$)/.test(authority)) throw new ConnectorOptionError("host", "the connector URL has no host (smpp://system_id:password@host:port)");
    const port = authority === undefined ? undefined : /:(\d+)$/.exec(authority)?.[1];
    if (port !== undefined && Number(port) > 65535) throw new ConnectorOptionError("port", `port must be a port number (1-65535) (got ${port})`);
    return fail("url", "the connector URL is not a URL (smpp://system_id:password@host:port)");
  }
  if (u.protocol !== "smpp:" && u.protocol !== "ssmpp:") fail("url", `the connector URL must start with smpp:// or ssmpp:// (got ${u.protocol}//)`);
  const secure = u.protocol === "ssmpp:";
  const host = u.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) throw new ConnectorOptionError("host", "the connector URL has no host (smpp://system_id:password@host:port)");
  if (!u.port && strict) throw new ConnectorOptionError("port", "the connector URL has no port (smpp://system_id:password@host:port)");
  const systemId = decodeURIComponent(u.username);
  if (!systemId && strict) throw new ConnectorOptionError("systemId", "the connector URL has no system_id (smpp://system_id:password@host:port)");
  const o: ConnectorOptions = { host, port: u.port ? Number(u.port) : secure ? 3550 : 2775, systemId, password: decodeURIComponent(u.password) };
  let tls: boolean | undefined = secure || undefined;
  let caFile: string | undefined;
  const seen = new Set<string>();
  for (const [name, v] of u.searchParams) {
    if (!isParam(name)) fail("url", `the connector URL has an unknown parameter ${JSON.stringify(name)} (known: ${Object.keys(PARAMS).join(", ")})`);
    if (seen.has(name)) fail(name, `the connector URL sets ${name} twice`);
    seen.add(name);
    switch (name) {
      case "tls":
        if (secure && !flagParam(name, v)) fail(name, "ssmpp:// is SMPP over TLS: tls=0 contradicts it");
        tls = flagParam(name, v);
        break;
      case "ca":
        if (!v) fail(name, "ca must be the path of a PEM file");
        caFile = v;
        break;
      case "system_type":
        o.systemType = v;
        break;
      case "bind":
        if (v === "trx" || v === "transceiver") o.bindMode = "transceiver";
        else if (v === "txrx" || v === "transmitter-receiver") o.bindMode = "transmitter-receiver";
        else fail(name, `bind must be trx (one transceiver per bind) or txrx (a transmitter and a receiver per bind) (got ${JSON.stringify(v)})`);
        break;
      case "data_coding":
        if (v !== "0" && v !== "1" && v !== "3") fail(name, `data_coding must be 0, 1 or 3 (got ${JSON.stringify(v)})`);
        o.gsm7DataCoding = Number(v) as 0 | 1 | 3;
        break;
      case "temporary_errors":
        o.temporaryErrors = statusList(v);
        break;
      default:
        (o as unknown as Record<string, number>)[PARAMS[name]] = numberParam(name, v);
    }
  }
  if (caFile !== undefined && tls === false) fail("ca", "ca is the certificate authority of a TLS connection: use ssmpp:// or tls=1 with it");
  if (tls || caFile !== undefined) o.tls = caFile !== undefined ? { caFile } : {};
  try {
    resolveConnector(o);
  } catch (e) {
    if (!(e instanceof ConnectorOptionError)) throw e;
    const param = Object.entries(PARAMS).find(([, key]) => key === e.property)?.[0];
    throw new ConnectorOptionError(e.property, param ? `${e.message} (URL parameter ${param})` : e.message);
  }
  return o;
}

export interface ConnectorUrlOptions {
  /** Write the password as it is (default: masked as ***, for display). */
  showPassword?: boolean;
}

/** The URL of a connector, with only the options that differ from the defaults; the password masked unless asked. */
export function connectorUrl(o: ConnectorOptions, { showPassword = false }: ConnectorUrlOptions = {}): string {
  const host = o.host.includes(":") ? `[${o.host}]` : o.host;
  const password = o.password ? `:${showPassword ? encodeURIComponent(o.password) : "***"}` : "";
  const q = new URLSearchParams();
  const put = (param: Param, v: string | number | undefined) => {
    if (v !== undefined) q.set(param, String(v));
  };
  const unlessDefault = <T>(v: T | undefined, d: T) => (v === undefined || v === d ? undefined : v);
  put("binds", unlessDefault(o.binds, CONNECTOR_DEFAULTS.binds));
  put("window", unlessDefault(o.window, CONNECTOR_DEFAULTS.window));
  put("tps", o.tps === Infinity ? 0 : unlessDefault(o.tps, CONNECTOR_DEFAULTS.tps));
  put("bind", o.bindMode === "transmitter-receiver" ? "txrx" : undefined);
  put("ca", o.tls?.caFile);
  put("system_type", unlessDefault(o.systemType, ""));
  put("data_coding", unlessDefault(o.gsm7DataCoding, CONNECTOR_DEFAULTS.gsm7DataCoding));
  put("src_ton", o.sourceTon);
  put("src_npi", o.sourceNpi);
  put("dst_ton", o.destTon);
  put("dst_npi", o.destNpi);
  put("enquire_link", unlessDefault(o.enquireLinkSeconds, CONNECTOR_DEFAULTS.enquireLinkSeconds));
  put("timeout", unlessDefault(o.submitTimeoutMs, CONNECTOR_DEFAULTS.submitTimeoutMs));
  const temporary = o.temporaryErrors;
  const same = temporary && temporary.length === DEFAULT_TEMPORARY_ERRORS.length && DEFAULT_TEMPORARY_ERRORS.every((c) => temporary.includes(c));
  if (temporary && !same) put("temporary_errors", temporary.map((c) => statusName(c) ?? `0x${c.toString(16)}`).join(","));
  const query = q.toString().replaceAll("%2C", ",").replaceAll("%2F", "/");
  return `${o.tls ? "ssmpp" : "smpp"}://${encodeURIComponent(o.systemId)}${password}@${host}:${o.port}${query ? `?${query}` : ""}`;
}
