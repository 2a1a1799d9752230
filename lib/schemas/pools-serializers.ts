// Pools to the spec's Pool resource (lib/schemas/pools.ts): poolId, poolName, smsSettings, updatedAt — plus its numbers.
import type { NumberPool } from "../db/generated/client.ts";

export function smsSettingsOf(p: NumberPool) {
  return {
    sticky: p.sticky,
    geomatch: p.geomatch,
    transcode: p.transcode,
    defaultCountry: p.defaultCountry,
    alphanumericSenderId: p.alphanumericSenderId,
    callback: { url: p.callbackUrl, strategy: p.callbackStrategy },
    inboundSMSCallbackUrl: p.inboundSmsCallbackUrl,
  };
}

export function poolResource(p: NumberPool, numbers: string[]) {
  return {
    poolId: p.id,
    poolName: p.name,
    smsSettings: smsSettingsOf(p),
    numbers,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
