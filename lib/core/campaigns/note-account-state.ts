// The platform operator's suspension pauses an account's open campaigns (their jobs park
// themselves, accounts/park-job.ts) and its reactivation resumes them: each such campaign's
// timeline says so ("Paused", "Resumed"), written in the transaction of the change.
import type { Subscriber } from "../events.ts";
import { txSql } from "../../db/tx-sql.ts";

export const accountStateNotes: Subscriber<"account.state"> = {
  event: "account.state",
  name: "campaign pause notes",
  needsTransaction: () => true,
  async handle(ctx, tx, e) {
    if (!tx) return;
    const description = e.suspended
      ? `The platform operator suspended the account${e.reason ? ` (${e.reason})` : ""}: nothing more is sent until it is reactivated, and nothing is lost.`
      : "The platform operator reactivated the account: sending goes on where it stopped.";
    // Sent campaigns have handed everything over; only receipts are still to come.
    await txSql(tx).query(
      `INSERT INTO campaign_events (id, campaign_id, state, description, at)
       SELECT gen_random_uuid(), id, $2, $3, $4 FROM campaigns WHERE account_id = $1::uuid AND state IN ('Scheduled', 'Queued', 'Running')`,
      [e.accountId, e.suspended ? "Paused" : "Resumed", description, ctx.now()],
    );
  },
};
