// Dates in answers: ISO 8601 text, and "" for none (Routee's typed clients bind every documented
// field to a non-nullable one).
export const iso = (d: Date | null | undefined): string => (d ? d.toISOString() : "");
