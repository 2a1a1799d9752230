-- The BRIN index on message_parts.created_at (20261122130000_report_rollup) tempted the planner
-- away from (account_id, created_at) for an account's searches, into lossy scans of the whole
-- table; the rollup finds an hour's parts account by account through that btree instead.
DROP INDEX IF EXISTS "message_parts_created_at_brin";
