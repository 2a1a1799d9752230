// A connector: one SMSC account as the operator configures it (a database row or an smpp:// URL),
// checked once and completed with defaults before the SMPP client opens its sessions, so a bad
// value is refused with the option it concerns instead of surfacing as a strange bind failure.
import { DEFAULT_TEMPORARY_ERRORS } from "./smpp-status.ts";

export type BindMode = "transceiver" | "transmitter-receiver";
export type Gsm7DataCoding = 0 | 1 | 3;

export interface ConnectorOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** system_type of the binds (default ""). */
  systemType?: string;
  /** "transceiver" (default): one bind_transceiver per bind. "transmitter-receiver": a bind_transmitter and a bind_receiver per bind. */
  bindMode?: BindMode;
  /** Sessions that send (default 1); with transmitter-receiver as many receivers open besides. */
  binds?: number;
  /** Outstanding submit_sm per sending bind (default 10); further submits wait in a queue. */
  window?: number;
  /** submit_sm per second per sending bind (default 100); 0 or Infinity: no limit. */
  tps?: number;
  /** SMPP over TLS. caFile: PEM certificates to trust instead of the system's authorities (a private CA, a self-signed SMSC). */
  tls?: { caFile?: string } | null;
  /** Overrides of the addresses' TON/NPI, which are otherwise read from the sender (numeric 1/1, alphanumeric 5/0) and the number (1/1). */
  sourceTon?: number;
  sourceNpi?: number;
  destTon?: number;
  destNpi?: number;
  /** data_coding of GSM-7 text (default 0, the SMSC's default alphabet; some SMSCs want 1 or 3). Flash and UCS-2 keep theirs. */
  gsm7DataCoding?: Gsm7DataCoding;
  /** enquire_link period (default 30 s); no enquire_link_resp by the next one means the link is dead. */
  enquireLinkSeconds?: number;
  /** command_status answers that are temporary (retryable): default ESME_RTHROTTLED, ESME_RMSGQFUL, ESME_RSYSERR. */
  temporaryErrors?: readonly number[];
  /** How long a submit may wait for a bind, and its submit_sm for the answer (default 30 000 ms). */
  submitTimeoutMs?: number;
}

/** Every option set: what the SMPP client runs with. */
export interface ResolvedConnector {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  bindMode: BindMode;
  binds: number;
  window: number;
  /** Infinity: no limit. */
  tps: number;
  tls: { caFile?: string } | null;
  addressing: SubmitAddressing;
  enquireLinkSeconds: number;
  temporaryErrors: ReadonlySet<number>;
  submitTimeoutMs: number;
}

/** What a connector changes in each submit_sm (build-submit-sm.ts). */
export interface SubmitAddressing {
  sourceTon?: number;
  sourceNpi?: number;
  destTon?: number;
  destNpi?: number;
  gsm7DataCoding: Gsm7DataCoding;
}

export const CONNECTOR_DEFAULTS = {
  systemType: "",
  bindMode: "transceiver",
  binds: 1,
  window: 10,
  tps: 100,
  enquireLinkSeconds: 30,
  submitTimeoutMs: 30_000,
  gsm7DataCoding: 0,
} as const;

/** A connector option that cannot be used; `property` names it (a ConnectorOptions key, or "url"). */
export class ConnectorOptionError extends Error {
  constructor(
    readonly property: string,
    message: string,
  ) {
    super(message);
    this.name = "ConnectorOptionError";
  }
}

type Check = (value: number) => boolean;
const whole =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && v >= min && v <= max;

function numberOption(o: ConnectorOptions, key: keyof ConnectorOptions, ok: Check, expected: string): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !ok(v)) throw new ConnectorOptionError(key, `${key} must be ${expected} (got ${JSON.stringify(v) ?? String(v)})`);
  return v;
}

/** Checks `o` and fills in the defaults; throws ConnectorOptionError naming the first bad option. */
export function resolveConnector(o: ConnectorOptions): ResolvedConnector {
  if (typeof o.host !== "string" || o.host.trim() === "") throw new ConnectorOptionError("host", "host is missing");
  const port = numberOption(o, "port", whole(1, 65535), "a port number (1-65535)");
  if (port === undefined) throw new ConnectorOptionError("port", "port is missing");
  if (typeof o.systemId !== "string") throw new ConnectorOptionError("systemId", "systemId must be a string");
  if (typeof o.password !== "string") throw new ConnectorOptionError("password", "password must be a string");
  const systemType = o.systemType ?? CONNECTOR_DEFAULTS.systemType;
  if (typeof systemType !== "string" || !/^[\x20-\x7e]{0,12}$/.test(systemType)) throw new ConnectorOptionError("systemType", "systemType must be at most 12 printable ASCII characters");
  const bindMode = o.bindMode ?? CONNECTOR_DEFAULTS.bindMode;
  if (bindMode !== "transceiver" && bindMode !== "transmitter-receiver")
    throw new ConnectorOptionError("bindMode", `bindMode must be "transceiver" or "transmitter-receiver" (got ${JSON.stringify(bindMode)})`);
  const tps = numberOption(o, "tps", (v) => v === Infinity || (Number.isFinite(v) && v >= 0), "a number of submit_sm per second, 0 for no limit") ?? CONNECTOR_DEFAULTS.tps;
  const dataCoding = o.gsm7DataCoding ?? CONNECTOR_DEFAULTS.gsm7DataCoding;
  if (dataCoding !== 0 && dataCoding !== 1 && dataCoding !== 3) throw new ConnectorOptionError("gsm7DataCoding", `gsm7DataCoding must be 0, 1 or 3 (got ${JSON.stringify(dataCoding)})`);
  const tls = o.tls ?? null;
  if (tls !== null && (typeof tls !== "object" || (tls.caFile !== undefined && (typeof tls.caFile !== "string" || tls.caFile === ""))))
    throw new ConnectorOptionError("tls", "tls must be null or { caFile?: path of a PEM file }");
  const temporary = o.temporaryErrors ?? DEFAULT_TEMPORARY_ERRORS;
  if (!Array.isArray(temporary) || !temporary.every(whole(1, 0xffffffff)))
    throw new ConnectorOptionError("temporaryErrors", "temporaryErrors must be a list of SMPP command_status codes (1 to 0xFFFFFFFF)");
  const ton = whole(0, 6);
  const npi = whole(0, 18);
  return {
    host: o.host.trim(),
    port,
    systemId: o.systemId,
    password: o.password,
    systemType,
    bindMode,
    binds: numberOption(o, "binds", whole(1, 100), "a whole number from 1 to 100") ?? CONNECTOR_DEFAULTS.binds,
    window: numberOption(o, "window", whole(1, 10_000), "a whole number from 1 to 10000") ?? CONNECTOR_DEFAULTS.window,
    tps: tps === 0 ? Infinity : tps,
    tls: tls === null ? null : tls.caFile ? { caFile: tls.caFile } : {},
    addressing: {
      sourceTon: numberOption(o, "sourceTon", ton, "a TON from 0 to 6"),
      sourceNpi: numberOption(o, "sourceNpi", npi, "an NPI from 0 to 18"),
      destTon: numberOption(o, "destTon", ton, "a TON from 0 to 6"),
      destNpi: numberOption(o, "destNpi", npi, "an NPI from 0 to 18"),
      gsm7DataCoding: dataCoding,
    },
    enquireLinkSeconds: numberOption(o, "enquireLinkSeconds", (v) => Number.isFinite(v) && v > 0 && v <= 3600, "a number of seconds above 0, at most 3600") ?? CONNECTOR_DEFAULTS.enquireLinkSeconds,
    temporaryErrors: new Set(temporary),
    submitTimeoutMs: numberOption(o, "submitTimeoutMs", whole(1, 3_600_000), "a whole number of milliseconds, at most 3600000") ?? CONNECTOR_DEFAULTS.submitTimeoutMs,
  };
}
