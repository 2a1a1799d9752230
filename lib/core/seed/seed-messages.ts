// Synthetic message history for load tests and benchmarks: millions of messages spread over the
// last N days, shaped like a real account's traffic (a dozen countries and their networks, single
// and multi-part messages, campaigns, inbound replies, a realistic mix of final statuses), each with
// its parts and its status events. Messages still Queued or Sent are only those within their 72 h
// validity: older ones are Undelivered (Expired), as the sweep (sms.expire) leaves them, so a
// server started on a seeded database has no backlog to expire. Generated inside PostgreSQL with generate_series, a chunk per
// statement, so two million messages take about a minute rather than an hour of client round trips.
//
// Every value is a function of the message's sequence number, so a seed is reproducible and
// a test can predict what a search should find (see `seededRecipient`).
import crypto from "node:crypto";
import type { Sql } from "../../db/connection.ts";
import { forgetRollups } from "../reports/report-rollup.ts";

export interface SeedMessagesOptions {
  accountId: string;
  /** How many messages (parts come on top: one in ten messages has two). */
  messages: number;
  /** Spread evenly over this many days, ending now. */
  days: number;
  /** Messages per statement. */
  chunk?: number;
  /** Write the status events of each message too (the drawer's timeline). Default true. */
  events?: boolean;
  /** Campaigns that 40 % of the messages belong to. Default 200. */
  campaigns?: number;
  /** The end of the spread (default: now). */
  now?: Date;
  progress?: (done: number, total: number) => void;
}

/** Country, number prefix, digits after it, MCC and its networks (MNC, name). */
export const seedCountries = [
  {
    iso: "GR",
    prefix: "+3069",
    digits: 8,
    mcc: "202",
    networks: [
      ["01", "Cosmote"],
      ["05", "Vodafone"],
      ["10", "Nova"],
    ],
  },
  {
    iso: "GB",
    prefix: "+447",
    digits: 9,
    mcc: "234",
    networks: [
      ["10", "O2"],
      ["15", "Vodafone"],
      ["30", "EE"],
    ],
  },
  {
    iso: "DE",
    prefix: "+4915",
    digits: 9,
    mcc: "262",
    networks: [
      ["01", "Telekom"],
      ["02", "Vodafone"],
      ["03", "O2"],
    ],
  },
  {
    iso: "FR",
    prefix: "+336",
    digits: 8,
    mcc: "208",
    networks: [
      ["01", "Orange"],
      ["10", "SFR"],
      ["20", "Bouygues"],
    ],
  },
  {
    iso: "IT",
    prefix: "+393",
    digits: 9,
    mcc: "222",
    networks: [
      ["01", "TIM"],
      ["10", "Vodafone"],
      ["88", "WindTre"],
    ],
  },
  {
    iso: "ES",
    prefix: "+346",
    digits: 8,
    mcc: "214",
    networks: [
      ["01", "Vodafone"],
      ["03", "Orange"],
      ["07", "Movistar"],
    ],
  },
  {
    iso: "NL",
    prefix: "+316",
    digits: 8,
    mcc: "204",
    networks: [
      ["04", "Vodafone"],
      ["08", "KPN"],
      ["16", "Odido"],
    ],
  },
  {
    iso: "US",
    prefix: "+1415",
    digits: 7,
    mcc: "310",
    networks: [
      ["260", "T-Mobile"],
      ["410", "AT&T"],
    ],
  },
  {
    iso: "CY",
    prefix: "+3579",
    digits: 7,
    mcc: "280",
    networks: [
      ["01", "Cyta"],
      ["10", "Epic"],
    ],
  },
  {
    iso: "RO",
    prefix: "+407",
    digits: 8,
    mcc: "226",
    networks: [
      ["01", "Vodafone"],
      ["10", "Orange"],
    ],
  },
  {
    iso: "PT",
    prefix: "+3519",
    digits: 8,
    mcc: "268",
    networks: [
      ["01", "Vodafone"],
      ["06", "MEO"],
    ],
  },
  {
    iso: "BG",
    prefix: "+3598",
    digits: 8,
    mcc: "284",
    networks: [
      ["01", "A1"],
      ["05", "Yettel"],
    ],
  },
] as const;

const bodies = [
  "Your verification code is 4821. It expires in 10 minutes.",
  "Your order #{n} has shipped and arrives tomorrow between 9:00 and 13:00.",
  "Spring sale: 20% off everything until Sunday. Show this SMS at the till.",
  "Reminder: your appointment is tomorrow at 10:30. Reply C to cancel.",
  "Η παραγγελία σας #{n} είναι έτοιμη για παραλαβή από το κατάστημα.",
  "Thank you for your payment of €{n}.00. Your balance is now €0.00. Questions? Call us any day between 8:00 and 22:00; we are glad to help with anything about your account.",
];

/** The n-th message's recipient: what a test searching the seed should find. */
export function seededRecipient(n: number): string {
  const c = seedCountries[n % seedCountries.length];
  const local = String((n * 7_919 + 13) % 10 ** c.digits).padStart(c.digits, "0");
  return `${c.prefix}${local}`;
}

export async function seedMessages(sql: Pick<Sql, "query">, o: SeedMessagesOptions): Promise<void> {
  const chunk = o.chunk ?? 100_000;
  const campaigns = o.campaigns ?? 200;
  const now = o.now ?? new Date();
  const spanMs = o.days * 86_400_000;
  // The seed's own tables of countries, networks and bodies, as SQL values lists.
  const countryRows = seedCountries
    .map(
      (c, i) =>
        `(${i}, '${c.iso}', '${c.prefix}', ${c.digits}, '${c.mcc}', ARRAY[${c.networks.map(([m]) => `'${m}'`).join(",")}], ARRAY[${c.networks.map(([, n]) => `'${n.replace(/'/g, "''")}'`).join(",")}])`,
    )
    .join(",\n");
  const bodyRows = bodies.map((b, i) => `(${i}, '${b.replace(/'/g, "''")}')`).join(",");
  // Ids derive from the run, so a second seed into the same account adds rather than collides;
  // campaign names (unique per account) carry the run's tag.
  const tag = crypto.randomBytes(3).toString("hex");
  const run = `seed-${now.getTime()}-${tag}`;

  if (campaigns > 0) {
    await sql.query(
      `INSERT INTO campaigns (id, account_id, name, state, "from", body, total_messages, created_at, started_at, ended_at, state_at)
       SELECT md5($2 || '-campaign-' || k)::uuid, $1::uuid, 'Seeded campaign ' || k || ' (' || $6 || ')', 'Finished', 'Switchboard', 'Spring sale: 20% off everything until Sunday.',
              0, t, t, t + interval '20 minutes', t + interval '20 minutes'
       FROM generate_series(0, $3::int - 1) k, LATERAL (SELECT $4::timestamptz - (k::float8 / $3) * $5::float8 * interval '1 millisecond' AS t) tt`,
      [o.accountId, run, campaigns, now, spanMs, tag],
    );
  }

  for (let start = 0; start < o.messages; start += chunk) {
    const end = Math.min(o.messages, start + chunk) - 1;
    // One statement per chunk: the messages, then their parts and events from what was written.
    await sql.query(
      `WITH countries(i, iso, prefix, digits, mcc, mncs, operators) AS (VALUES ${countryRows}),
       bodies(i, text) AS (VALUES ${bodyRows}),
       g AS (
         SELECT n,
                -- spread evenly, newest last, with up to a minute of jitter
                $4::timestamptz - ((($3::int - 1 - n)::float8 / greatest($3::int, 1)) * $5::float8 + (n * 37 % 60000)) * interval '1 millisecond' AS created_at,
                hashint4(n) AS h
         FROM generate_series($6::int, $7::int) n
       ),
       src AS (
         SELECT g.n, g.created_at, g.h, c.iso, c.mcc,
                c.mncs[1 + abs(g.h) % array_length(c.mncs, 1)] AS mnc,
                c.operators[1 + abs(g.h) % array_length(c.operators, 1)] AS operator,
                c.prefix || lpad(((g.n::bigint * 7919 + 13) % (10::bigint ^ c.digits)::bigint)::text, c.digits, '0') AS msisdn,
                CASE WHEN g.n % 33 = 5 THEN 'Inbound' ELSE 'Outbound' END AS direction,
                CASE WHEN g.n % 5 < 2 AND g.n % 33 <> 5 THEN md5($2 || '-campaign-' || (g.n % $8::int))::uuid END AS campaign_id,
                CASE WHEN g.n % 5 < 2 AND g.n % 33 <> 5 THEN 'Seeded campaign ' || (g.n % $8::int) || ' (' || $10 || ')' ELSE '' END AS campaign_name,
                replace(b.text, '{n}', (10000 + g.n % 90000)::text) AS body,
                CASE WHEN g.n % 10 = 9 THEN 2 ELSE 1 END AS parts,
                CASE WHEN abs(g.h) % 100 < 88 THEN 'Delivered' WHEN abs(g.h) % 100 < 92 THEN 'Failed'
                     WHEN abs(g.h) % 100 < 95 THEN 'Undelivered'
                     -- still waiting while within its 72 hours; past them the expiry sweep made it Expired
                     WHEN g.created_at + interval '72 hours' <= $4 THEN 'Expired'
                     WHEN abs(g.h) % 100 < 99 THEN 'Sent' ELSE 'Queued' END AS status
         FROM g
         JOIN countries c ON c.i = g.n % 12
         JOIN bodies b ON b.i = (g.n / 7) % 6
       ),
       m AS (
         INSERT INTO messages (id, account_id, campaign_id, campaign_name, direction, "from", "to", body, label, country, operator, mcc, mnc,
                               number_type, encoding, parts, body_analysis, status, detailed_status, status_description, status_at,
                               price_micros, created_at, expires_at, final_at)
         SELECT md5($2 || '-m-' || n)::uuid, $1::uuid, campaign_id, campaign_name, direction::"Direction",
                CASE WHEN direction = 'Inbound' THEN msisdn ELSE 'Switchboard' END,
                CASE WHEN direction = 'Inbound' THEN '+447700900123' ELSE msisdn END,
                body, CASE WHEN n % 4 = 0 THEN 'orders' WHEN n % 4 = 1 THEN 'marketing' ELSE '' END, iso, operator, mcc, mnc,
                'Mobile', CASE WHEN body ~ '^[ -~€]*$' THEN 'gsm7' ELSE 'ucs2' END, parts,
                jsonb_build_object('parts', parts, 'characters', length(body)),
                CASE WHEN direction = 'Inbound' THEN 'Delivered' WHEN status = 'Expired' THEN 'Undelivered' ELSE status END,
                CASE WHEN direction = 'Inbound' THEN 'Delivered' WHEN status = 'Undelivered' THEN 'Unknown Number' WHEN status = 'Queued' THEN '' ELSE status END,
                CASE WHEN status = 'Failed' THEN 'Rejected by the carrier' WHEN status = 'Expired' AND direction = 'Outbound' THEN 'Not delivered within the message''s ttl' ELSE '' END,
                created_at + CASE WHEN status = 'Expired' AND direction = 'Outbound' THEN interval '72 hours' ELSE interval '3 seconds' END,
                CASE WHEN direction = 'Inbound' THEN 0 ELSE 45000 * parts END,
                created_at, created_at + interval '72 hours',
                CASE WHEN direction = 'Inbound' THEN created_at + interval '3 seconds'
                     WHEN status = 'Expired' THEN created_at + interval '72 hours'
                     WHEN status IN ('Delivered', 'Failed', 'Undelivered') THEN created_at + interval '3 seconds' END
         FROM src
         RETURNING id, account_id, body, parts, status, detailed_status, status_description, status_at, final_at, price_micros, created_at
       ),
       p AS (
         INSERT INTO message_parts (id, message_id, account_id, part_number, text, status, detailed_status, status_description, status_at,
                                    smsc_message_id, price_micros, submitted_at, done_at, created_at)
         SELECT md5(m.id::text || '-' || k)::uuid, m.id, m.account_id, k, m.body, m.status, m.detailed_status, m.status_description, m.status_at,
                CASE WHEN m.status <> 'Queued' THEN substr(md5(m.id::text || k), 1, 16) END, m.price_micros / m.parts,
                CASE WHEN m.status <> 'Queued' THEN m.created_at + interval '200 milliseconds' END, m.final_at, m.created_at
         FROM m, generate_series(1, m.parts) k
       )
       INSERT INTO message_events (id, message_id, status, detailed_status, description, at)
       SELECT md5(m.id::text || '-e-' || e.i)::uuid, m.id, e.status, e.detailed, e.description, e.at
       FROM m, LATERAL (VALUES
         (0, 'Queued', '', 'Accepted and queued for sending', m.created_at),
         (1, 'Sent', 'Sent', 'Sent to the carrier', m.created_at + interval '200 milliseconds'),
         (2, m.status, m.detailed_status, m.status_description, m.status_at)) e(i, status, detailed, description, at)
       WHERE $9::boolean AND (e.i = 0 OR (e.i = 1 AND m.status <> 'Queued') OR (e.i = 2 AND m.status NOT IN ('Queued', 'Sent')))`,
      [o.accountId, run, o.messages, now, spanMs, start, end, Math.max(campaigns, 1), o.events ?? true, tag],
    );
    o.progress?.(end + 1, o.messages);
  }
  if (campaigns > 0)
    await sql.query(
      `UPDATE campaigns c SET total_messages = s.n, cost_micros = s.cost
       FROM (SELECT campaign_id, count(*)::int AS n, sum(price_micros) AS cost FROM messages WHERE account_id = $1 AND campaign_id IS NOT NULL GROUP BY 1) s
       WHERE c.id = s.campaign_id`,
      [o.accountId],
    );
  // The reporting home's rollup of those hours (computed before this history existed) is redone.
  await forgetRollups(sql, new Date(now.getTime() - spanMs - 60_000), now);
  await sql.query("ANALYZE messages, message_parts, message_events, campaigns");
}
