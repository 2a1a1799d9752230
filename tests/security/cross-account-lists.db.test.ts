// Account isolation in lists and names: with account B holding one of everything
// (cross-account-kit.ts), every list and aggregate shows account A nothing of B's and counts A's
// own traffic only, and the names and numbers B uses are free for A (a conflict would tell A they
// exist). Ids aimed at B's resources: cross-account.db.test.ts.
import { describe, expect, it } from "vitest";
import { apiRouteFiles } from "./api-routes.ts";
import { A, as, B, checkAnswer, load, urlPath, useTwoAccounts, type Probe } from "./cross-account-kit.ts";
import { call } from "../support/http.ts";

useTwoAccounts();

/** Queries that let a list route answer something (its required parameters), by route file. */
function listQuery(file: string): string {
  const span = `startDate=${new Date(Date.now() - 86_400_000).toISOString()}&endDate=${new Date(Date.now() + 3_600_000).toISOString()}`;
  if (/numbers\/available/.test(file)) return "country=GR&size=200";
  if (file.includes("/reports/my/") && !file.includes("perCampaign")) {
    if (file.endsWith("perMcc/route.ts")) return `${span}&mcc=202`;
    if (file.endsWith("perMccMnc/route.ts")) return `${span}&mcc=202&mnc=01`;
    if (file.endsWith("perCountry/route.ts")) return `${span}&countryCode=GR`;
    return span;
  }
  return "";
}

/** Lists that cannot answer without an id of their own: probes() aims them at B's ids. */
const needsMore = /perCampaign|contacts\/my\/blacklist\/route/;

describe("lists and aggregates", () => {
  it("show A nothing of B's: every GET route without an id, as A", async () => {
    const problems: string[] = [];
    // The operator console lists every account by design, to platform administrators only (403 to A: tests/api/operator-routes.db.test.ts).
    for (const file of apiRouteFiles().filter((f) => !f.includes("[") && !f.includes("/auth/") && !f.includes("/internal/") && !f.startsWith("app/api/operator/"))) {
      const mod = await load(file);
      if (!mod.GET) continue;
      const kind = file.startsWith("app/api/dashboard/") ? "session" : "bearer";
      const probe: Probe = { file, method: "GET", as: kind, what: "list", expect: "own", query: listQuery(file) };
      const r = await call(mod.GET, { path: urlPath(probe), headers: kind === "bearer" ? A.auth : A.cookie });
      if (r.status === 400 && !needsMore.test(file)) problems.push(`GET ${urlPath(probe)}: give listQuery() the parameters it needs — ${r.text.slice(0, 200)}`);
      problems.push(...checkAnswer(probe, r));
    }
    expect(problems).toEqual([]);
  });

  it("count A's own traffic only: A has sent nothing, B has", async () => {
    const get = async (file: string) => {
      const r = await as(A, file.startsWith("dashboard/") ? "session" : "bearer", `app/api/${file}/route.ts`, "GET", { query: listQuery(`app/api/${file}/route.ts`) });
      expect(r.status, `${file}: ${r.text}`).toBe(200);
      return r.body;
    };
    expect(await get("reports/my/volPrice")).toEqual([]);
    expect((await get("reports/my/latency")).smsLatencyCount.every((n: number) => n === 0)).toBe(true);
    expect((await get("dashboard/overview")).totals).toMatchObject({ total: 0 });
    expect((await get("dashboard/tracking")).totalElements).toBe(0);
    expect((await get("dashboard/messages")).totalElements).toBe(0);
    const tracking = await as(A, "bearer", "app/api/sms/tracking/route.ts", "POST", { body: [] });
    expect(tracking.body.totalElements).toBe(0);
  });
});

// Last: A then holds names B holds, which the lists above would show.
describe("names and numbers B uses", () => {
  it("are free for A: a conflict would tell A they exist", async () => {
    const scheduledDate = new Date(Date.now() + 86_400_000).toISOString();
    const answers = {
      label: await as(A, "bearer", "app/api/contacts/labels/my/route.ts", "POST", { body: [{ name: B.label, type: "Text" }] }),
      group: await as(A, "bearer", "app/api/groups/my/route.ts", "POST", { body: { name: B.group } }),
      contact: await as(A, "bearer", "app/api/contacts/my/route.ts", "POST", { body: { mobile: B.mobile } }),
      pool: await as(A, "bearer", "app/api/pools/my/route.ts", "POST", { body: { poolName: B.poolName, smsSettings: {} } }),
      campaign: await as(A, "bearer", "app/api/sms/campaign/route.ts", "POST", { body: { campaignName: B.campaignName, from: "Ashop", body: "x", to: ["+306912300210"], scheduledDate } }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({ label: 200, group: 200, contact: 200, pool: 200, campaign: 200 });
  });
});
