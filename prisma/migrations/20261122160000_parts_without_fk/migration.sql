-- Parts keep their message id without a foreign key. The key's per-row check (a lookup and a
-- row lock on the message, for every part) was a third of PostgreSQL's time when a campaign
-- writes its messages: about 1.2 s of CPU per 30,000 recipients. Parts are only ever written in
-- the same statement or transaction as their message (send-campaign-batch.ts, submit-sms.ts,
-- inbound), and messages are never deleted on their own.
ALTER TABLE "message_parts" DROP CONSTRAINT "message_parts_message_id_fkey";
