// The process's SMS carrier: an SMPP connection to SMSC_URL or, by default, to the bundled
// SMSC simulator started in this process. Job handlers reach it here; tests install their own.
import type { Carrier } from "../core/ports/carrier.ts";

const key = Symbol.for("switchboard.carrier");
type G = typeof globalThis & { [key]?: Promise<Carrier> };

export function setCarrier(carrier: Promise<Carrier> | Carrier | undefined): void {
  const g = globalThis as G;
  if (carrier) g[key] = Promise.resolve(carrier);
  else delete g[key];
}

export function getCarrier(): Promise<Carrier> {
  const p = (globalThis as G)[key];
  if (!p) throw new Error("No SMS carrier in this process: only workers submit messages");
  return p;
}
