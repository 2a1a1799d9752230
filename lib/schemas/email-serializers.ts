// An email as the API answers it (lib/schemas/email.ts emailResource).
import type { Email } from "../db/generated/client.ts";

type Mailbox = { address: string; name?: string };

export function emailView(e: Email, trackedLinks: number) {
  return {
    trackingId: e.id,
    status: e.status,
    createdAt: e.createdAt.toISOString(),
    from: e.from as Mailbox,
    to: e.to as Mailbox[],
    subject: e.subject,
    trackLinks: e.trackLinks,
    trackOpens: e.trackOpens,
    trackedLinks,
  };
}
