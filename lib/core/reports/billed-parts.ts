// Which parts count in cost and margin: a Failed or Unsent part is refunded to its account
// (record-part-status.ts) and no SMSC took it, so neither its price nor its cost counts.

/** SQL over message_parts as p: the part is billed. */
export const billedSql = `p.status NOT IN ('Failed', 'Unsent')`;

/** report_hour_connectors' connector_id of parts no connector carried (a key column cannot be null). */
export const NO_CONNECTOR_ID = "00000000-0000-0000-0000-000000000000";
