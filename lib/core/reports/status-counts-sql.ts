// The reports count parts by final status in one pass: one FILTERed count per status, over
// message_parts as p.

/** `count(*) FILTER (WHERE p.status = 'Delivered') AS delivered, …`: a part count per status, named after it. */
export const statusCountsSql = (statuses: readonly string[]) => statuses.map((s) => `count(*) FILTER (WHERE p.status = '${s}') AS ${s.toLowerCase()}`).join(", ");
