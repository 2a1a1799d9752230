// The campaign API as the campaign tests call it: an account owner with a token, contacts, and
// the routes of POST /sms/campaign, the analysis, GET, PUT and DELETE, on the test's database.
import crypto from "node:crypto";
import { POST as createRoute } from "../../app/api/sms/campaign/route.ts";
import { POST as analyzeRoute } from "../../app/api/sms/analyze/campaign/route.ts";
import { PUT as updateRoute, DELETE as deleteRoute } from "../../app/api/sms/[trackingId]/route.ts";
import { GET as getRoute } from "../../app/api/campaigns/[trackingId]/route.ts";
import { GET as trackRoute } from "../../app/api/sms/tracking/campaign/[campaignTrackingId]/route.ts";
import type { Ctx } from "../../lib/core/context.ts";
import { makeAccount } from "./factories.ts";
import { bearer, call } from "./http.ts";
import { eventually } from "./messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";

export function campaignApi(db: { ctx(): Ctx }) {
  async function owner(balance = 100) {
    await seedPrices(db.ctx());
    const a = await makeAccount(db.ctx(), { balance });
    return { ...a, auth: bearer(await a.token()) };
  }

  async function contact(accountId: string, mobile: string, fields: { firstName?: string; groups?: string[]; labels?: object; blacklisted?: boolean } = {}) {
    const id = crypto.randomUUID();
    await db
      .ctx()
      .sql.query(`INSERT INTO contacts (id, account_id, mobile, first_name, country, groups, labels, blacklisted_services) VALUES ($1, $2, $3, $4, 'GR', $5, $6, $7)`, [
        id,
        accountId,
        mobile,
        fields.firstName ?? "",
        fields.groups ?? [],
        JSON.stringify(fields.labels ?? {}),
        fields.blacklisted ? ["Sms"] : [],
      ]);
    for (const g of fields.groups ?? []) await db.ctx().sql.query(`INSERT INTO contact_groups (id, account_id, name) VALUES (gen_random_uuid(), $1, $2) ON CONFLICT DO NOTHING`, [accountId, g]);
    return id;
  }

  const create = (auth: Record<string, string>, body: object) => call(createRoute, { method: "POST", path: "/sms/campaign", headers: auth, body });
  const analyze = (auth: Record<string, string>, body: object) => call(analyzeRoute, { method: "POST", path: "/sms/analyze/campaign", headers: auth, body });
  const get = (auth: Record<string, string>, id: string) => call(getRoute, { path: `/campaigns/${id}`, headers: auth, params: { trackingId: id } });
  const update = (auth: Record<string, string>, id: string, body: object) => call(updateRoute, { method: "PUT", path: `/sms/${id}`, headers: auth, params: { trackingId: id }, body });
  const remove = (auth: Record<string, string>, id: string) => call(deleteRoute, { method: "DELETE", path: `/sms/${id}`, headers: auth, params: { trackingId: id } });

  const track = (auth: Record<string, string>, id: string) => call(trackRoute, { path: `/sms/tracking/campaign/${id}?size=100`, headers: auth, params: { campaignTrackingId: id } });
  const numbers = (n: number, prefix = "+3069") => Array.from({ length: n }, (_, i) => `${prefix}${String(40000000 + i * 7919).slice(0, 8)}`);
  const finished = (auth: Record<string, string>, id: string, ms = 30_000) =>
    eventually(
      () => get(auth, id),
      (r) => ["Finished", "Failed"].includes(r.body.state),
      ms,
    );
  return { owner, contact, create, analyze, get, update, remove, track, numbers, finished };
}
