// Removing campaigns with their recipients.
import type { Sql } from "../../db/connection.ts";

/**
 * Deletes the campaigns matching `where` (a condition on campaigns, with its values) and their
 * recipients, in one statement: campaign_recipients has no foreign key to cascade (migration
 * 20261122170000_recipients_without_fk). Their events still go by cascade. Answers how many.
 */
export async function removeCampaigns(sql: Pick<Sql, "query">, where: string, values: unknown[]): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `WITH gone AS (DELETE FROM campaigns WHERE ${where} RETURNING id),
     recipients AS (DELETE FROM campaign_recipients WHERE campaign_id IN (SELECT id FROM gone))
     SELECT count(*)::int AS n FROM gone`,
    values,
  );
  return rows[0]?.n ?? 0;
}
