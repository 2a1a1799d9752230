// A campaign read without the columns that grow with its recipients (its recipient list, contact
// ids, errors and analysis: about 0.9 MB for 30k). The list pages and the batches show or use
// none of them, and decoding them for every row or every batch cost more than the work itself.
import type { Campaign } from "../../db/generated/client.ts";

/** A campaign's columns that grow with its recipients (Prisma's `omit`). */
export const bulkyColumns = { toNumbers: true, contactIds: true, errors: true, smsAnalysis: true } as const;

/** A campaign read without bulkyColumns, with those fields empty. */
export function withoutBulk(c: Omit<Campaign, keyof typeof bulkyColumns>): Campaign {
  return { ...c, toNumbers: [], contactIds: [], errors: [], smsAnalysis: {} };
}
