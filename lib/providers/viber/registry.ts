// The process's Viber provider (the bundled simulator by default). Jobs reach it here; tests
// install their own.
import type { ViberProvider } from "../../core/ports/viber.ts";

const key = Symbol.for("switchboard.viber");
type G = typeof globalThis & { [key]?: ViberProvider };

export function setViberProvider(provider: ViberProvider | undefined): void {
  const g = globalThis as G;
  if (provider) g[key] = provider;
  else delete g[key];
}

export function getViberProvider(): ViberProvider {
  const p = (globalThis as G)[key];
  if (!p) throw new Error("No Viber provider in this process: only workers send OTP messages");
  return p;
}
