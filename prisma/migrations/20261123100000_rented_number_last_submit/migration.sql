-- A rented number's parts leave a second after the SMSC answered the previous one, not only on
-- their reserved slots (lib/core/numbers/send-pace.ts): a part that left its slot late reached
-- the SMSC less than a second before the next.
ALTER TABLE "rented_numbers" ADD COLUMN "last_submit_at" TIMESTAMPTZ(6);
