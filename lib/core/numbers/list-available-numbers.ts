// GET /numbers/available and POST /numbers/available/search: the catalogue's numbers no account
// rents, filtered (country required; areaCode and type only for US and Canada), paged and sorted.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { availableNumberResource, type CatalogueRow } from "../../schemas/numbers-serializers.ts";
import { normalizeMsisdn } from "./normalize-msisdn.ts";

export type SearchOperator = "is" | "contains" | "starts_with" | "ends_with";
export interface NumberFilter {
  fieldName: "country" | "msisdn" | "service" | "areaCode" | "type";
  searchTerm: string;
  searchOperator?: SearchOperator;
}

export interface ListAvailableInput {
  accountId: string;
  currency: string;
  filters: NumberFilter[];
  page: number;
  size: number;
  /** Spring style: "msisdn", "msisdn,desc", "monthlyCosts,asc". */
  sort?: string;
}

const northAmerica = new Set(["US", "CA"]);
const sortColumns: Record<string, string> = {
  msisdn: "msisdn",
  country: "country",
  monthlyCosts: "monthly_micros",
  monthlyCost: "monthly_micros",
  price: "monthly_micros",
  activationCosts: "activation_micros",
  areaCode: "area_code",
};

export const catalogueColumns = `msisdn, country, toll_free AS "tollFree", area_code AS "areaCode", services,
  monthly_micros AS "monthlyMicros", activation_micros AS "activationMicros", inbound_sms_micros AS "inboundSmsMicros",
  inbound_voice_micros AS "inboundVoiceMicros", charge_interval AS "chargeInterval"`;

function like(op: SearchOperator, term: string): { sql: string; value: string } {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  switch (op) {
    case "contains":
      return { sql: "LIKE", value: `%${escaped}%` };
    case "starts_with":
      return { sql: "LIKE", value: `${escaped}%` };
    case "ends_with":
      return { sql: "LIKE", value: `%${escaped}` };
    default:
      return { sql: "=", value: term };
  }
}

export async function listAvailableNumbers(ctx: Ctx, input: ListAvailableInput) {
  const where: string[] = ["NOT EXISTS (SELECT 1 FROM rented_numbers r WHERE r.msisdn = n.msisdn)"];
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const countries = input.filters.filter((f) => f.fieldName === "country");
  if (countries.length === 0) fail("validation", { message: "country is required: give an ISO 3166-1 alpha-2 code such as US or GR.", property: "country", properties: { country: "Required" } });
  const countryIsNorthAmerican = countries.every((f) => (f.searchOperator ?? "is") === "is" && northAmerica.has(f.searchTerm.trim().toUpperCase()));
  for (const f of input.filters) {
    const op = f.searchOperator ?? "is";
    const term = f.searchTerm.trim();
    switch (f.fieldName) {
      case "country": {
        const l = like(op, term.toUpperCase());
        where.push(`n.country ${l.sql} ${param(l.value)}`);
        break;
      }
      case "msisdn": {
        const digits = term.replace(/[^\d]/g, "");
        if (!digits) fail("validation", { message: "An msisdn search term needs digits.", property: "msisdn" });
        const value = op === "is" ? (normalizeMsisdn(term) ?? `+${digits}`) : op === "starts_with" ? `+${digits}` : digits;
        const l = like(op, value);
        where.push(`n.msisdn ${l.sql} ${param(l.value)}`);
        break;
      }
      case "service": {
        const service = /^sms$/i.test(term) ? "Sms" : /^voice$/i.test(term) ? "Voice" : null;
        if (!service) fail("validation", { message: "service must be Sms or Voice.", property: "service", properties: { service: "Unknown service" } });
        where.push(`${param(service)} = ANY(n.services)`);
        break;
      }
      case "areaCode": {
        if (!countryIsNorthAmerican) fail("validation", { message: "areaCode applies to the US and Canada only.", property: "areaCode" });
        if (!/^\d{1,3}$/.test(term)) fail("validation", { message: "areaCode is a 3-digit number.", property: "areaCode" });
        const l = like(op, term);
        where.push(`n.area_code ${l.sql} ${param(l.value)}`);
        break;
      }
      case "type": {
        if (!countryIsNorthAmerican) fail("validation", { message: "type applies to the US and Canada only.", property: "type" });
        const t = term.toUpperCase().replace(/-/g, "_");
        if (t !== "VLN" && t !== "TOLL_FREE") fail("validation", { message: "type must be VLN or TOLL_FREE.", property: "type" });
        where.push(`n.toll_free = ${param(t === "TOLL_FREE")}`);
        break;
      }
    }
  }
  const [sortField, sortDir] = (input.sort ?? "msisdn").split(",").map((s) => s.trim());
  const column = sortColumns[sortField ?? ""];
  if (!column) fail("validation", { message: `Cannot sort by "${sortField}"; use msisdn, country, areaCode, monthlyCosts or activationCosts.`, property: "sort" });
  const dir = /^desc$/i.test(sortDir ?? "") ? "DESC" : "ASC";
  const clause = where.join(" AND ");
  const count = await ctx.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM available_numbers n WHERE ${clause}`, values);
  const rows = await ctx.sql.query<CatalogueRow>(
    `SELECT ${catalogueColumns} FROM available_numbers n WHERE ${clause} ORDER BY ${column} ${dir}, msisdn ASC LIMIT ${input.size} OFFSET ${input.page * input.size}`,
    values,
  );
  return { total: Number(count.rows[0]?.n ?? 0), content: rows.rows.map((r) => availableNumberResource(fixRow(r), input.currency)) };
}

/** Raw rows carry BIGINT as string or bigint depending on the driver. */
export function fixRow<T extends CatalogueRow>(r: T): T {
  return {
    ...r,
    monthlyMicros: BigInt(r.monthlyMicros),
    activationMicros: BigInt(r.activationMicros),
    inboundSmsMicros: BigInt(r.inboundSmsMicros),
    inboundVoiceMicros: BigInt(r.inboundVoiceMicros),
  };
}
