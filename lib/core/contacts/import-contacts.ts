// Imports rows of contacts (a CSV file, sent by the dashboard in chunks): each row is checked with
// the API's rules, and the valid ones are written with one upsert per 5,000 rows — a contact
// whose mobile the account already has is updated. Every row is counted exactly once: created,
// updated or failed (with its row number, the offending value and the reason).
//
// Updating never erases: empty text keeps the existing value, labels are merged, groups added,
// vip changes only when the row gives it, blacklists are untouched. The same mobile twice in one
// call behaves as if the rows came one after the other: the first creates (or updates) the
// contact, each later one updates it (merged into one write, later values winning).
import type { Ctx } from "../context.ts";
import { unnestColumns } from "../../db/connection.ts";
import { fail } from "../errors.ts";
import { loadLabelTypes } from "./contact-rows.ts";
import { ensureGroupsExist } from "./group-sql.ts";
import { isVirtualGroup } from "./model.ts";
import { mergeImportFields, prepareImportRow, type ImportFields } from "./prepare-import-row.ts";

export interface ImportOptions {
  /** ISO 3166-1 alpha-2 country for national numbers in rows without a country. */
  defaultCountry?: string;
  /** An existing group every imported contact (created or updated) is tagged with. */
  group?: string;
  /** The row number of rows[0] in the file, for the report (default 1). */
  startRow?: number;
  /** Each row's number in the file, when they are not consecutive (blank lines left out). */
  rowNumbers?: number[];
}

export interface ImportFailure {
  row: number;
  value: string;
  reason: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  failed: ImportFailure[];
}

const ROWS_PER_STATEMENT = 5000;

export async function importContacts(ctx: Ctx, accountId: string, rows: unknown[], options: ImportOptions = {}): Promise<ImportResult> {
  const defaultCountry = checkCountry(options.defaultCountry);
  const group = options.group?.trim() || undefined;
  if (group) {
    if (isVirtualGroup(group))
      fail("validation", { message: `Validation Error! ${group} is built in; choose one of your groups.`, property: "group", properties: { group: `${group} cannot be chosen` } });
    await ensureGroupsExist(ctx, accountId, [group]);
  }
  const labelTypes = await loadLabelTypes(ctx, accountId);
  const rowNumber = (i: number) => options.rowNumbers?.[i] ?? (options.startRow ?? 1) + i;

  const failed: ImportFailure[] = [];
  const prepared: { index: number; fields: ImportFields }[] = [];
  rows.forEach((input, index) => {
    const r = prepareImportRow(input, { labelTypes, defaultCountry });
    if (r.ok) prepared.push({ index, fields: r.fields });
    else failed.push({ row: rowNumber(index), value: r.value, reason: r.reason });
  });

  // Groups named by rows themselves must exist; a row naming an unknown one fails alone.
  const named = [...new Set(prepared.flatMap((p) => p.fields.groups))];
  const known = new Set(named.length ? (await ctx.db.contactGroup.findMany({ where: { accountId, name: { in: named } }, select: { name: true } })).map((g) => g.name) : []);

  let updated = 0;
  const byMobile = new Map<string, ImportFields>();
  for (const { index, fields } of prepared) {
    const unknown = fields.groups.find((g) => !known.has(g));
    if (unknown !== undefined) {
      failed.push({ row: rowNumber(index), value: unknown, reason: `There is no group named "${unknown}"` });
      continue;
    }
    const earlier = byMobile.get(fields.mobile);
    if (earlier) updated++;
    byMobile.set(fields.mobile, earlier ? mergeImportFields(earlier, fields) : fields);
  }

  let created = 0;
  const unique = [...byMobile.values()];
  for (let i = 0; i < unique.length; i += ROWS_PER_STATEMENT) {
    const n = await upsert(ctx, accountId, unique.slice(i, i + ROWS_PER_STATEMENT), group);
    created += n.created;
    updated += n.updated;
  }
  failed.sort((a, b) => a.row - b.row);
  if (created + updated + failed.length !== rows.length) throw new Error(`import counted ${created + updated + failed.length} of ${rows.length} rows`);
  return { created, updated, failed };
}

function checkCountry(value: string | undefined): string | undefined {
  const v = value?.trim().toUpperCase();
  if (!v) return undefined;
  if (!/^[A-Z]{2}$/.test(v)) fail("validation", { message: "Validation Error!", property: "defaultCountry", properties: { defaultCountry: "defaultCountry must be an ISO 3166-1 alpha-2 code" } });
  return v;
}

/** One INSERT … ON CONFLICT for distinct mobiles; answers how many rows it created and updated. */
async function upsert(ctx: Ctx, accountId: string, rows: ImportFields[], group: string | undefined): Promise<{ created: number; updated: number }> {
  const vipGiven: Record<string, true> = {};
  for (const r of rows) if (r.vipGiven) vipGiven[r.mobile] = true;
  const groupsOf = (r: ImportFields) => JSON.stringify(group && !r.groups.includes(group) ? [...r.groups, group] : r.groups);
  const { rows: out } = await ctx.sql.query<{ created: number | string; total: number | string }>(
    `WITH up AS (
       INSERT INTO contacts AS c (id, account_id, mobile, first_name, last_name, email, country, vip, groups, blacklisted_services, labels, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, u.mobile, u.first_name, u.last_name, u.email, u.country, u.vip,
              ARRAY(SELECT jsonb_array_elements_text(u.groups::jsonb)), '{}'::text[], u.labels::jsonb, $2, $2
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::text[], $10::text[])
           AS u(mobile, first_name, last_name, email, country, vip, groups, labels)
       ON CONFLICT (account_id, mobile) DO UPDATE SET
         first_name = CASE WHEN EXCLUDED.first_name = '' THEN c.first_name ELSE EXCLUDED.first_name END,
         last_name = CASE WHEN EXCLUDED.last_name = '' THEN c.last_name ELSE EXCLUDED.last_name END,
         email = CASE WHEN EXCLUDED.email = '' THEN c.email ELSE EXCLUDED.email END,
         country = CASE WHEN EXCLUDED.country = '' THEN c.country ELSE EXCLUDED.country END,
         vip = CASE WHEN $11::jsonb ? EXCLUDED.mobile THEN EXCLUDED.vip ELSE c.vip END,
         groups = coalesce(c.groups, '{}') || ARRAY(SELECT g FROM unnest(EXCLUDED.groups) AS g WHERE NOT g = ANY(coalesce(c.groups, '{}'))),
         labels = coalesce(c.labels, '{}'::jsonb) || EXCLUDED.labels,
         updated_at = EXCLUDED.updated_at
       RETURNING (xmax = 0) AS created)
     SELECT count(*) FILTER (WHERE created)::int AS created, count(*)::int AS total FROM up`,
    [
      accountId,
      ctx.now(),
      ...unnestColumns(rows, ["mobile", "firstName", "lastName", "email", "country", "vip"]),
      rows.map(groupsOf),
      rows.map((r) => JSON.stringify(r.labels)),
      JSON.stringify(vipGiven),
    ],
  );
  const created = Number(out[0]?.created ?? 0);
  return { created, updated: Number(out[0]?.total ?? 0) - created };
}
