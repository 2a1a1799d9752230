-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "pool_id" UUID;

-- CreateTable
CREATE TABLE "available_numbers" (
    "msisdn" TEXT NOT NULL,
    "country" CHAR(2) NOT NULL,
    "toll_free" BOOLEAN NOT NULL DEFAULT false,
    "area_code" TEXT NOT NULL DEFAULT '',
    "services" TEXT[],
    "monthly_micros" BIGINT NOT NULL,
    "activation_micros" BIGINT NOT NULL,
    "inbound_sms_micros" BIGINT NOT NULL DEFAULT 0,
    "inbound_voice_micros" BIGINT NOT NULL DEFAULT 0,
    "charge_interval" INTEGER NOT NULL DEFAULT 60,

    CONSTRAINT "available_numbers_pkey" PRIMARY KEY ("msisdn")
);

-- CreateTable
CREATE TABLE "rented_numbers" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "msisdn" TEXT NOT NULL,
    "inbound_sms_callback_url" TEXT NOT NULL DEFAULT '',
    "dialplan_url" TEXT NOT NULL DEFAULT '',
    "inbound_voice_callback_url" TEXT NOT NULL DEFAULT '',
    "currency" CHAR(3) NOT NULL DEFAULT 'EUR',
    "monthly_micros" BIGINT NOT NULL,
    "activation_micros" BIGINT NOT NULL,
    "rented_at" TIMESTAMPTZ(3) NOT NULL,
    "next_renewal" TIMESTAMPTZ(3) NOT NULL,
    "next_send_at" TIMESTAMPTZ(3),

    CONSTRAINT "rented_numbers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "number_events" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "msisdn" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "amount_micros" BIGINT NOT NULL DEFAULT 0,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "number_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "number_pools" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "sticky" BOOLEAN NOT NULL DEFAULT true,
    "geomatch" BOOLEAN NOT NULL DEFAULT true,
    "transcode" BOOLEAN NOT NULL DEFAULT false,
    "default_country" TEXT NOT NULL DEFAULT '',
    "alphanumeric_sender_id" TEXT NOT NULL DEFAULT '',
    "callback_url" TEXT NOT NULL DEFAULT '',
    "callback_strategy" TEXT NOT NULL DEFAULT '',
    "inbound_sms_callback_url" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "number_pools_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pool_numbers" (
    "pool_id" UUID NOT NULL,
    "msisdn" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pool_numbers_pkey" PRIMARY KEY ("pool_id","msisdn")
);

-- CreateTable
CREATE TABLE "pool_sticky_senders" (
    "pool_id" UUID NOT NULL,
    "recipient" TEXT NOT NULL,
    "msisdn" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pool_sticky_senders_pkey" PRIMARY KEY ("pool_id","recipient")
);

-- CreateIndex
CREATE INDEX "available_numbers_country_msisdn_idx" ON "available_numbers"("country", "msisdn");

-- CreateIndex
CREATE UNIQUE INDEX "rented_numbers_msisdn_key" ON "rented_numbers"("msisdn");

-- CreateIndex
CREATE INDEX "rented_numbers_account_id_rented_at_idx" ON "rented_numbers"("account_id", "rented_at");

-- CreateIndex
CREATE INDEX "rented_numbers_next_renewal_idx" ON "rented_numbers"("next_renewal");

-- CreateIndex
CREATE INDEX "number_events_account_id_at_idx" ON "number_events"("account_id", "at");

-- CreateIndex
CREATE UNIQUE INDEX "number_pools_account_id_name_key" ON "number_pools"("account_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "pool_numbers_msisdn_key" ON "pool_numbers"("msisdn");

-- Foreign keys: an account's numbers and pools go with it; a pool's members and sticky senders go with the pool.
ALTER TABLE "rented_numbers" ADD CONSTRAINT "rented_numbers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "number_pools" ADD CONSTRAINT "number_pools_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pool_numbers" ADD CONSTRAINT "pool_numbers_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "number_pools"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "pool_numbers" ADD CONSTRAINT "pool_numbers_msisdn_fkey" FOREIGN KEY ("msisdn") REFERENCES "rented_numbers"("msisdn") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "pool_sticky_senders" ADD CONSTRAINT "pool_sticky_senders_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "number_pools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Seed: the catalogue of rentable numbers, twelve countries. Prices in EUR micro-units.
-- (prefix, digits after it, count, country, toll-free, area code, services, monthly, activation, inbound SMS, inbound voice/min, charge interval)
INSERT INTO "available_numbers" ("msisdn", "country", "toll_free", "area_code", "services", "monthly_micros", "activation_micros", "inbound_sms_micros", "inbound_voice_micros", "charge_interval")
SELECT c.prefix || lpad(g.n::text, c.width, '0'), c.iso, c.toll_free, c.area_code, c.services, c.monthly, c.activation, c.inbound_sms, c.inbound_voice, c.charge_interval
  FROM (VALUES
    ('+1212555',   4, 12, 'US', false, '212', ARRAY['Sms','Voice'], 1150000, 1000000, 0, 8500, 60),
    ('+1415555',   4, 12, 'US', false, '415', ARRAY['Sms','Voice'], 1150000, 1000000, 0, 8500, 60),
    ('+1646555',   4, 8,  'US', false, '646', ARRAY['Sms','Voice'], 1150000, 1000000, 0, 8500, 60),
    ('+1800555',   4, 6,  'US', true,  '800', ARRAY['Sms','Voice'], 2000000, 1500000, 0, 30000, 60),
    ('+1888555',   4, 6,  'US', true,  '888', ARRAY['Sms','Voice'], 2000000, 1500000, 0, 30000, 60),
    ('+1416555',   4, 10, 'CA', false, '416', ARRAY['Sms','Voice'], 1300000, 1000000, 0, 9000, 60),
    ('+1604555',   4, 8,  'CA', false, '604', ARRAY['Sms','Voice'], 1300000, 1000000, 0, 9000, 60),
    ('+1855555',   4, 6,  'CA', true,  '855', ARRAY['Sms','Voice'], 2200000, 1500000, 0, 30000, 60),
    ('+4477009',   6, 12, 'GB', false, '',    ARRAY['Sms','Voice'], 1500000, 1500000, 0, 10000, 60),
    ('+448081570', 3, 6,  'GB', true,  '',    ARRAY['Voice'],       5000000, 5000000, 0, 40000, 60),
    ('+30690000',  4, 12, 'GR', false, '',    ARRAY['Sms','Voice'], 3500000, 2000000, 0, 12000, 60),
    ('+302100000', 3, 6,  'GR', false, '',    ARRAY['Voice'],       2500000, 2000000, 0, 9000, 60),
    ('+4915700',   6, 12, 'DE', false, '',    ARRAY['Sms','Voice'], 3000000, 2500000, 0, 11000, 60),
    ('+338000',    5, 4,  'FR', true,  '',    ARRAY['Voice'],       9000000, 9000000, 0, 45000, 60),
    ('+3375700',   5, 10, 'FR', false, '',    ARRAY['Sms','Voice'], 3200000, 2000000, 0, 11000, 60),
    ('+393130',    6, 10, 'IT', false, '',    ARRAY['Sms','Voice'], 4000000, 3000000, 0, 13000, 60),
    ('+346220',    5, 10, 'ES', false, '',    ARRAY['Sms','Voice'], 3500000, 2500000, 0, 12000, 60),
    ('+31970102',  5, 10, 'NL', false, '',    ARRAY['Sms','Voice'], 4500000, 3000000, 0, 14000, 60),
    ('+46766',     6, 10, 'SE', false, '',    ARRAY['Sms','Voice'], 3800000, 2500000, 0, 12000, 60),
    ('+614910',    5, 10, 'AU', false, '',    ARRAY['Sms','Voice'], 4200000, 3000000, 0, 15000, 60),
    ('+611800',    6, 4,  'AU', true,  '',    ARRAY['Voice'],       12000000, 10000000, 0, 50000, 60),
    ('+35799',     6, 8,  'CY', false, '',    ARRAY['Sms','Voice'], 3000000, 2000000, 0, 12000, 60)
  ) AS c(prefix, width, count, iso, toll_free, area_code, services, monthly, activation, inbound_sms, inbound_voice, charge_interval)
  CROSS JOIN LATERAL generate_series(1, c.count) AS g(n)
ON CONFLICT DO NOTHING;
