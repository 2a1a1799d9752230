// Resolves a campaign's recipients (to, contacts, groups) into the list it will send: numbers
// validated and made E.164, duplicates counted once, blacklisted contacts left out, each
// recipient's own text (personalised, transcoded when asked), parts and price. The analysis of
// the spec comes out of the same pass, so analysing and creating a campaign agree.
import type { Ctx } from "../context.ts";
import { fail, type ErrorItem } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { priceFor } from "../prices/price-for.ts";
import { analyzeBody, splitBody, transcodeBody, type BodyAnalysis, type Encoding } from "../sms/analyze-body.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { isValidSender } from "../sms/validate-sender.ts";
import { findLinks, withSampleLinks, withUtm, type Utm } from "../links/find-links.ts";
import { hasPlaceholders, personalize, type LabelValues } from "./personalize.ts";

export const MAX_TO = 30_000;
/** Groups every account has: every contact, and the contacts in no group. */
export const BUILT_IN_GROUPS = ["All", "NotListed"] as const;

export interface CampaignRecipients {
  to?: string[];
  contacts?: string[];
  groups?: string[];
}

export interface BuildInput extends CampaignRecipients {
  accountId: string;
  currency: string;
  from: string;
  body: string;
  transcode?: boolean;
  allowInvalid?: boolean;
  fallbackValues?: Record<string, string>;
  /** Shorten every http(s) link per recipient: texts, parts and cost are those of the shortened text. */
  trackLinks?: boolean;
  /** UTM parameters added to the links' URLs (trackLinks). */
  utm?: Utm | null;
}

export interface CampaignAnalysis {
  numberOfRecipients: number;
  recipientsPerCountry: Record<string, number>;
  recipientCountries: Record<string, string>;
  contacts: Record<string, { recipient: string; recipientCountry: string; blacklisted: boolean }>;
  recipientsPerGroup: Record<string, number>;
  totalInGroups: number;
  bodyAnalysis: BodyAnalysis;
}

export interface RecipientRow {
  mobile: string;
  country: string;
  contactId: string | null;
  text: string;
  parts: number;
  encoding: Encoding;
  /** Price of one part. */
  priceMicros: bigint;
  mcc: string;
  mnc: string;
  operator: string;
  /**
   * trackLinks: where its links lead, in order. Its text holds sample short links until
   * assignLinkCodes (lib/core/links/assign-link-codes.ts) gives each its own code (`links`).
   */
  urls?: string[];
  /** Its short links, [code, url], once assigned. */
  links?: [string, string][];
}

export interface BuiltCampaign {
  analysis: CampaignAnalysis;
  /** Sorted by country, so a batch rarely spans two countries' quiet hours. */
  recipients: RecipientRow[];
  invalid: string[];
  totalParts: number;
  costMicros: bigint;
}

interface ContactRow {
  id: string;
  mobile: string;
  country: string;
  groups: string[];
  blacklisted: boolean;
  /** Read only when the body has placeholders. */
  first_name?: string;
  last_name?: string;
  email?: string;
  labels?: Record<string, unknown> | null;
}

/** The contact columns a campaign needs: its labels only when the body has placeholders (tens of thousands of rows). */
const contactColumns = (personal: boolean) => `id::text, mobile, country, groups, 'Sms' = ANY(blacklisted_services) AS blacklisted${personal ? ", first_name, last_name, email, labels" : ""}`;
const isBlacklisted = (c: ContactRow) => c.blacklisted;

function labelValues(c: ContactRow): LabelValues {
  const custom = (c.labels && typeof c.labels === "object" ? c.labels : {}) as Record<string, string>;
  return { ...custom, firstName: c.first_name ?? "", lastName: c.last_name ?? "", mobile: c.mobile, email: c.email ?? "", country: c.country };
}

function campaignError(code: string, developerMessage: string, property?: unknown): ErrorItem {
  return { code, errorCode: code, developerMessage, ...(property === undefined ? {} : { property }) };
}

/** Checks the sender and that some recipients were named; the spec's errorCode 002 and 004. */
export function checkCampaignBasics(input: { from: string } & CampaignRecipients) {
  if (!isValidSender(input.from)) fail("invalidSender", { property: "from", properties: { from: "Invalid sender id" }, errors: [campaignError("002", "The sender id is not valid", "from")] });
  if (!input.to?.length && !input.contacts?.length && !input.groups?.length)
    fail("invalidSender", { message: "No recipients are set for the sms", errors: [campaignError("004", "No recipients are set for the sms")] });
  if ((input.to?.length ?? 0) > MAX_TO) fail("validation", { message: `to holds at most ${MAX_TO} numbers.`, property: "to", properties: { to: `At most ${MAX_TO} numbers` } });
}

export async function buildCampaign(ctx: Ctx, input: BuildInput): Promise<BuiltCampaign> {
  checkCampaignBasics(input);
  const account = input.accountId;
  const personal = hasPlaceholders(input.body);

  // The contacts named by id, the groups' members and the blacklisted among the numbers named
  // directly are three reads of tens of thousands of rows: sent at once, checked in turn.
  const contactIds = [...new Set((input.contacts ?? []).map(String))];
  const badId = contactIds.find((id) => !isUuid(id));
  if (badId !== undefined) fail("contactNotFound", { message: `Contact ${badId} does not exist.`, property: badId, entity: "contact", value: badId });
  const namedRead = contactIds.length ? ctx.sql.query<ContactRow>(`SELECT ${contactColumns(personal)} FROM contacts WHERE account_id = $1 AND id = ANY($2::uuid[])`, [account, contactIds]) : null;

  // Groups: the built-in ones, and those the account made (or that tag some contact).
  const groups = [...new Set((input.groups ?? []).map(String))];
  const custom = groups.filter((g) => !(BUILT_IN_GROUPS as readonly string[]).includes(g));
  const knownRead = custom.length
    ? ctx.sql.query<{ name: string }>(
        `SELECT name FROM contact_groups WHERE account_id = $1 AND name = ANY($2::text[])
         UNION SELECT DISTINCT unnest(groups) FROM contacts WHERE account_id = $1 AND groups && $2::text[]`,
        [account, custom],
      )
    : null;
  const where = groups.includes("All") ? "account_id = $1" : `account_id = $1 AND (groups && $2::text[]${groups.includes("NotListed") ? " OR cardinality(groups) = 0" : ""})`;
  const membersRead = groups.length ? ctx.sql.query<ContactRow>(`SELECT ${contactColumns(personal)} FROM contacts WHERE ${where}`, groups.includes("All") ? [account] : [account, custom]) : null;

  // Numbers named directly; a number of a blacklisted contact stays out as well.
  const invalid: string[] = [];
  const toNumbers: string[] = [];
  const countryOf = new Map<string, string>();
  for (const raw of input.to ?? []) {
    const r = parseRecipient(raw, { type: false });
    if (!r) invalid.push(String(raw));
    else if (!countryOf.has(r.e164)) {
      countryOf.set(r.e164, r.country);
      toNumbers.push(r.e164);
    }
  }
  const blockedRead = toNumbers.length
    ? ctx.sql.query<{ mobile: string }>(`SELECT mobile FROM contacts WHERE account_id = $1 AND mobile = ANY($2::text[]) AND 'Sms' = ANY(blacklisted_services)`, [account, toNumbers])
    : null;
  const [namedRows, knownRows, memberRows, blockedRows] = await Promise.all([namedRead, knownRead, membersRead, blockedRead]);

  const named = namedRows?.rows ?? [];
  if (named.length < contactIds.length) {
    const found = new Set(named.map((c) => c.id));
    const missing = contactIds.find((id) => !found.has(id))!;
    fail("contactNotFound", { message: `Contact ${missing} does not exist.`, property: missing, entity: "contact", value: missing });
  }
  if (knownRows) {
    const have = new Set(knownRows.rows.map((r) => r.name));
    const missing = custom.find((g) => !have.has(g));
    if (missing !== undefined) fail("groupNotFound", { message: `Group ${missing} does not exist.`, property: missing, entity: "group", value: missing });
  }
  const members = memberRows?.rows ?? [];
  const blockedNumbers = new Set(blockedRows?.rows.map((r) => r.mobile));

  // One recipient per number: named contacts first (their labels personalise), then group
  // members, then plain numbers.
  const chosen = new Map<string, { country: string; contact: ContactRow | null }>();
  const contactsView: CampaignAnalysis["contacts"] = {};
  const contactCountry = (c: ContactRow) => c.country || parseRecipient(c.mobile, { type: false })?.country || "";
  for (const c of named) {
    const country = contactCountry(c);
    contactsView[c.id] = { recipient: c.mobile, recipientCountry: country, blacklisted: isBlacklisted(c) };
    if (!isBlacklisted(c) && !chosen.has(c.mobile)) chosen.set(c.mobile, { country, contact: c });
  }
  const recipientsPerGroup: Record<string, number> = Object.fromEntries(groups.map((g) => [g, 0]));
  const direct = new Set([...named.map((c) => c.mobile), ...toNumbers]);
  const inGroupsOnly = new Set<string>();
  for (const c of members) {
    if (isBlacklisted(c)) continue;
    for (const g of groups) {
      if (g === "All" || (g === "NotListed" ? c.groups.length === 0 : c.groups.includes(g))) recipientsPerGroup[g]++;
    }
    if (!direct.has(c.mobile)) inGroupsOnly.add(c.mobile);
    if (!chosen.has(c.mobile)) chosen.set(c.mobile, { country: contactCountry(c), contact: c });
  }
  for (const mobile of toNumbers) {
    if (!blockedNumbers.has(mobile) && !chosen.has(mobile)) chosen.set(mobile, { country: countryOf.get(mobile)!, contact: null });
  }

  // Texts, parts and prices.
  const fallback = input.fallbackValues ?? {};
  // With trackLinks each link is replaced by a short link of the real length before the text is
  // transcoded and measured (a short link is all GSM-7), so parts and cost are the recipient's.
  const base = ctx.config.shortLinkBase;
  const shorten = (body: string) => (input.trackLinks ? withSampleLinks(body, base) : body);
  const urlsOf = (body: string) => (input.trackLinks ? findLinks(body).map((l) => withUtm(l.url, input.utm)) : []);
  const textFor = (body: string) => {
    const short = shorten(body);
    return (input.transcode && transcodeBody(short)) || short;
  };
  const shared = personal ? null : splitBody(textFor(input.body));
  const sharedText = shared ? shared.parts.join("") : null;
  const sharedUrls = personal ? null : urlsOf(input.body);
  const prices = new Map<string, Awaited<ReturnType<typeof priceFor>>>();
  const recipients: RecipientRow[] = [];
  const recipientsPerCountry: Record<string, number> = {};
  const recipientCountries: Record<string, string> = {};
  let totalParts = 0;
  let costMicros = 0n;
  const unpriced: string[] = [];
  for (const [mobile, { country, contact }] of chosen) {
    let price = prices.get(country);
    if (!price) {
      try {
        price = await priceFor(ctx.db, { iso: country, currency: input.currency, accountId: input.accountId });
      } catch {
        unpriced.push(mobile);
        continue;
      }
      prices.set(country, price);
    }
    const own = shared ? null : personalize(input.body, contact ? labelValues(contact) : {}, fallback);
    const split = shared ?? splitBody(textFor(own!));
    const text = sharedText ?? split.parts.join("");
    const urls = sharedUrls ?? urlsOf(own!);
    recipients.push({
      mobile,
      country,
      contactId: contact?.id ?? null,
      text,
      parts: split.parts.length,
      encoding: split.encoding,
      priceMicros: price.priceMicros,
      mcc: price.mcc,
      mnc: price.mnc,
      operator: price.network,
      ...(urls.length ? { urls } : {}),
    });
    recipientsPerCountry[country] = (recipientsPerCountry[country] ?? 0) + 1;
    recipientCountries[mobile] = country;
    totalParts += split.parts.length;
    costMicros += price.priceMicros * BigInt(split.parts.length);
  }
  if (unpriced.length)
    fail("destinationUnsupported", { message: `There is no ${input.currency} price for ${unpriced.length} of the recipients, so the campaign cannot be sent.`, property: unpriced.slice(0, 100) });
  recipients.sort((a, b) => (a.country < b.country ? -1 : a.country > b.country ? 1 : 0));

  if (invalid.length && !input.allowInvalid)
    fail("invalidSender", {
      message: "SMS contains invalid data",
      property: invalid,
      errors: [campaignError("008", `${invalid.length} recipient${invalid.length === 1 ? " is" : "s are"} not valid mobile numbers`, invalid)],
    });
  if (recipients.length === 0) fail("campaignNoRecipients");

  return {
    analysis: {
      numberOfRecipients: recipients.length,
      recipientsPerCountry,
      recipientCountries,
      contacts: contactsView,
      recipientsPerGroup,
      totalInGroups: inGroupsOnly.size,
      bodyAnalysis: analyzeBody(shorten(input.body)),
    },
    recipients,
    invalid,
    totalParts,
    costMicros,
  };
}
