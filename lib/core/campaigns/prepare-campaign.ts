// What creating and updating a campaign share: the rules of the spec checked before anything is
// stored (name, callbacks, schedule, reminder, recipients, cost against the balance) and the
// statements that write the campaign's resolved recipients.
import type { Ctx } from "../context.ts";
import { copyRow, unnestColumns, type Sql } from "../../db/connection.ts";
import { fail } from "../errors.ts";
import { checkCallbackUrl } from "../callbacks/url-guard.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import type { CampaignBody } from "../../schemas/campaigns.ts";
import { assignLinkCodes } from "../links/assign-link-codes.ts";
import { buildCampaign, type BuiltCampaign, type RecipientRow } from "./build-campaign.ts";

export interface CampaignOwner {
  accountId: string;
  currency: string;
  application?: { id: string; name: string; callbackUrl: string; callbackStrategy: string; transcode: boolean };
}

export interface PreparedCampaign {
  built: BuiltCampaign;
  name: string;
  scheduledDate: Date | null;
  reminder: { minutesBefore: number; minutesAfter: number; to: string[] } | null;
  callback: { url: string; strategy: string };
  campaignCallback: { url: string; strategy: string };
  transcode: boolean;
  /** Days its short links work (trackLinks): its own, else the platform's. */
  linkTtlDays: number;
}

function callbackOf(ctx: Ctx, input: { url: string; strategy?: string } | undefined, property: string) {
  if (!input?.url) return { url: "", strategy: "" };
  const problem = checkCallbackUrl(input.url, ctx.config.allowPrivateCallbackUrls);
  if (problem) fail("callbackUrlRefused", { message: `The callback URL ${problem}.`, property });
  return { url: input.url, strategy: input.strategy ?? "OnCompletion" };
}

export async function prepareCampaign(ctx: Ctx, owner: CampaignOwner, body: CampaignBody, excludeCampaignId?: string): Promise<PreparedCampaign> {
  const name = body.campaignName ?? "";
  if (name) {
    const taken = await ctx.sql.query(`SELECT 1 FROM campaigns WHERE account_id = $1 AND lower(name) = lower($2) AND id <> $3::uuid LIMIT 1`, [
      owner.accountId,
      name,
      excludeCampaignId ?? "00000000-0000-0000-0000-000000000000",
    ]);
    if (taken.rows.length) fail("campaignNameTaken", { property: "campaignName", entity: "campaign", value: name });
  }
  const now = ctx.now();
  const scheduledDate = body.scheduledDate ?? null;
  if (scheduledDate && scheduledDate.getTime() < now.getTime() - 60_000)
    fail("validation", { message: "scheduledDate is in the past.", property: "scheduledDate", properties: { scheduledDate: "Must be in the future" } });
  let reminder: PreparedCampaign["reminder"] = null;
  if (body.reminder) {
    // Routee accepts a reminder on a campaign that starts now: it goes minutesAfter the start.
    if (scheduledDate && body.reminder.minutesBefore === undefined)
      fail("validation", { message: "A scheduled campaign's reminder needs minutesBefore.", property: "reminder.minutesBefore", properties: { "reminder.minutesBefore": "Needs minutesBefore" } });
    const to: string[] = [];
    for (const raw of body.reminder.to) {
      const r = parseRecipient(raw);
      if (!r) fail("validation", { message: `reminder.to holds an invalid number: ${raw}`, property: "reminder.to", properties: { "reminder.to": "Invalid mobile number" } });
      to.push(r.e164);
    }
    reminder = scheduledDate ? { minutesBefore: body.reminder.minutesBefore!, minutesAfter: 0, to } : { minutesBefore: 0, minutesAfter: body.reminder.minutesAfter ?? 0, to };
  }
  const app = owner.application;
  const callback = body.callback?.url ? callbackOf(ctx, body.callback, "callback.url") : app?.callbackUrl ? { url: app.callbackUrl, strategy: app.callbackStrategy } : { url: "", strategy: "" };
  const campaignCallback = callbackOf(ctx, body.campaignCallback, "campaignCallback.url");
  const transcode = body.transcode ?? app?.transcode ?? false;

  const built = await buildCampaign(ctx, {
    accountId: owner.accountId,
    currency: owner.currency,
    from: body.from,
    body: body.body,
    to: body.to,
    contacts: body.contacts,
    groups: body.groups,
    transcode,
    allowInvalid: body.allowinvalid,
    fallbackValues: body.fallbackValues,
    trackLinks: body.trackLinks,
    utm: body.utm,
  });
  const balance = await ctx.sql.query<{ balance_micros: string }>(`SELECT balance_micros::text FROM accounts WHERE id = $1`, [owner.accountId]);
  if (!balance.rows[0]) fail("accountNotFound");
  if (BigInt(balance.rows[0].balance_micros) < built.costMicros) fail("insufficientBalance");
  if (body.trackLinks) await assignLinkCodes(ctx, built.recipients);
  const linkTtlDays = body.trackLinksTtlDays ?? ctx.config.shortLinkTtlDays;
  return { built, name, scheduledDate, reminder, callback, campaignCallback, transcode, linkTtlDays };
}

const recipientColumns = "campaign_id, seq, mobile, country, contact_id, text, parts, encoding, price_micros, mcc, mnc, operator, links";
const linksJson = (r: RecipientRow) => (r.links?.length ? JSON.stringify(r.links) : null);

/** Writes the resolved recipients through COPY (a new campaign's Draft phase, outside any transaction). */
export async function copyRecipients(sql: Sql, campaignId: string, rows: RecipientRow[]): Promise<void> {
  let data = "";
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    data += copyRow([campaignId, i, r.mobile, r.country, r.contactId, r.text, r.parts, r.encoding, r.priceMicros, r.mcc, r.mnc, r.operator, linksJson(r)]);
  }
  await sql.copyIn(`COPY campaign_recipients (${recipientColumns}) FROM STDIN`, data);
}

/** Writes the resolved recipients inside a transaction (PUT): arrays unnested server-side, 10,000 rows per statement. */
export async function insertRecipients(sql: Pick<Sql, "query">, campaignId: string, rows: RecipientRow[]): Promise<void> {
  const chunk = 10_000;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    await sql.query(
      `INSERT INTO campaign_recipients (${recipientColumns})
       SELECT $1::uuid, u.* FROM unnest($2::int[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::int[], $8::text[], $9::bigint[], $10::text[], $11::text[], $12::text[], $13::jsonb[]) AS u`,
      [
        campaignId,
        part.map((_, j) => i + j),
        ...unnestColumns(part, ["mobile", "country", "contactId", "text", "parts", "encoding"]),
        part.map((r) => r.priceMicros.toString()),
        ...unnestColumns(part, ["mcc", "mnc", "operator"]),
        part.map(linksJson),
      ],
    );
  }
}

/** The columns a campaign row takes from a request (create and update alike). */
export function campaignColumns(body: CampaignBody, p: PreparedCampaign) {
  return {
    name: p.name,
    from: body.from,
    body: body.body,
    toNumbers: (body.to ?? []).map(String),
    contactIds: (body.contacts ?? []).map(String),
    groups: (body.groups ?? []).map(String),
    fallbackValues: body.fallbackValues ?? {},
    flash: body.flash ?? false,
    transcode: p.transcode,
    ttl: body.ttl ?? 4320,
    respectQuietHours: body.respectQuietHours ?? false,
    allowInvalid: body.allowinvalid ?? false,
    callbackUrl: p.callback.url,
    callbackStrategy: p.callback.strategy,
    campaignCallbackUrl: p.campaignCallback.url,
    campaignCallbackStrategy: p.campaignCallback.strategy,
    reminderMinutesBefore: p.reminder?.minutesBefore ?? 0,
    reminderMinutesAfter: p.reminder?.minutesAfter ?? 0,
    reminderTo: p.reminder?.to ?? [],
    reminderSentAt: null,
    scheduledDate: p.scheduledDate,
    smsAnalysis: p.built.analysis as object,
    errors: p.built.invalid.length ? [{ code: "008", errorCode: "008", developerMessage: "Left out: not valid mobile numbers", property: p.built.invalid }] : [],
    totalMessages: p.built.recipients.length,
    totalParts: p.built.totalParts,
    costMicros: p.built.costMicros,
    trackLinks: body.trackLinks ?? false,
    utm: (body.trackLinks && body.utm) || null,
    linkTtlDays: body.trackLinks ? p.linkTtlDays : null,
  };
}
