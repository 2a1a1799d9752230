// A connector written as one URL, for the command line and SMSC_URL:
// smpp://system_id:password@host:port?binds=&window=&tps=&tls=1&ca=&system_type=&bind=trx|txrx
// &data_coding=&src_ton=&src_npi=&dst_ton=&dst_npi=&enquire_link=&temporary_errors= (ssmpp://: TLS).
// Host and port are required; what it leaves out takes the model's default. Pure.
import { createConnectorBody, type CreateConnectorInput } from "../../schemas/connectors.ts";
import { checked, invalid } from "./checked.ts";

type Field = keyof CreateConnectorInput;

const number = (v: string) => (/^\s*(0x[0-9a-f]+|-?\d+)\s*$/i.test(v) ? Number(v) : v);
const flag = (v: string) => (/^(1|true|yes|on)$/i.test(v) ? true : /^(0|false|no|off)$/i.test(v) ? false : v);
const bindMode = (v: string) => ({ trx: "transceiver", txrx: "transmitter-receiver" })[v.toLowerCase()] ?? v;

/** Query parameter → field and how its text becomes the field's value. */
const parameters: Record<string, [Field, (v: string) => unknown]> = {
  binds: ["binds", number],
  window: ["window", number],
  tps: ["tps", number],
  tls: ["tls", flag],
  ca: ["caFile", String],
  system_type: ["systemType", String],
  bind: ["bindMode", bindMode],
  data_coding: ["gsm7DataCoding", number],
  src_ton: ["sourceTon", number],
  src_npi: ["sourceNpi", number],
  dst_ton: ["destTon", number],
  dst_npi: ["destNpi", number],
  enquire_link: ["enquireLinkSeconds", number],
  temporary_errors: ["temporaryErrors", (v) => v.split(",").map(number)],
};

export const connectorUrlParameters = Object.keys(parameters);

/** The connector's settings (all but its name) from its URL; a 400 with property "url" when it is not one. */
export function parseConnectorUrl(url: string): Omit<CreateConnectorInput, "name"> {
  const bad = (message: string): never => invalid("url", message, `Invalid connector URL: ${message}`);
  if (/^s?smpp:\/\/([^@/?]*@)?(:|\/|\?|$)/i.test(url.trim())) bad("it has no host.");
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return bad("write it as smpp://system_id:password@host:port[?binds=2&window=10…].");
  }
  if (u.protocol !== "smpp:" && u.protocol !== "ssmpp:") bad(`it must start with smpp:// or ssmpp:// (TLS), not ${u.protocol}//.`);
  const host = u.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) bad("it has no host.");
  if (!u.port) bad("it has no port (SMPP has no standard one: 2775 is common).");
  const values: Record<string, unknown> = {
    host,
    port: Number(u.port),
    systemId: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    ...(u.protocol === "ssmpp:" ? { tls: true } : {}),
  };
  for (const [key, raw] of u.searchParams) {
    const p = parameters[key];
    if (!p) bad(`unknown parameter "${key}"; known: ${connectorUrlParameters.join(", ")}.`);
    if (raw.trim() === "") continue;
    values[p[0]] = p[1](raw.trim());
  }
  if (u.protocol === "ssmpp:" && values.tls === false) bad("ssmpp:// is TLS; drop tls=0 or use smpp://.");
  return checked(createConnectorBody.omit({ name: true }), values, "url");
}

/** The URL of a connector's settings, without its password (for the command line's answers). */
export function connectorUrlOf(c: { host: string; port: number; systemId: string; tls: boolean }): string {
  const host = c.host.includes(":") ? `[${c.host}]` : c.host;
  return `${c.tls ? "ssmpp" : "smpp"}://${c.systemId ? `${encodeURIComponent(c.systemId)}@` : ""}${host}:${c.port}`;
}
