// Dates in answers: ISO 8601 text, and "" for none (Routee's typed clients bind every documented
// field to a non-nullable one).
import { z } from "zod";

/** A date in an answer: ISO 8601 text, as iso() writes it ("" when there is none; null where the field is nullable). */
export const isoDate = z.string();

/** The period a report answers for, first and last instant (spread into its answer). */
export const periodFields = { from: isoDate, to: isoDate };

export const iso = (d: Date | null | undefined): string => (d ? d.toISOString() : "");
