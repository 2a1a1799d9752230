// Applications to the shape of lib/schemas/applications.ts.
import { iso } from "./iso.ts";
import type { ApplicationView } from "./applications.ts";
import { clientIdOf } from "../core/applications/client-id.ts";

type AppRow = {
  id: string;
  name: string;
  scopes: string[];
  tokenTtl: number;
  callbackUrl: string;
  callbackStrategy: string;
  transcode: boolean;
  rateLimitPerSecond: number;
  secretHint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export function applicationToView(a: AppRow): ApplicationView {
  return {
    applicationId: clientIdOf(a.id),
    name: a.name,
    scopes: a.scopes,
    tokenTtl: a.tokenTtl,
    callback: { url: a.callbackUrl, strategy: a.callbackStrategy },
    transcode: a.transcode,
    rateLimitPerSecond: a.rateLimitPerSecond,
    secretHint: a.secretHint,
    createdAt: iso(a.createdAt),
    lastUsedAt: iso(a.lastUsedAt),
    revokedAt: iso(a.revokedAt),
  };
}
