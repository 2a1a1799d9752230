// GET /api/sms/quietHours/countries/{language}: the list, its names, its order, and every error.
import { describe, expect, it } from "vitest";
import { GET as countries, POST as postCountries } from "../../app/api/sms/quietHours/countries/[language]/route.ts";
import { GET as unknownRoute } from "../../app/api/[...path]/route.ts";
import { listQuietHoursCountries } from "../../lib/core/campaigns/list-quiet-hours-countries.ts";
import { openApiDocument } from "../../lib/openapi/document.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";

const db = useTestDatabase();

async function token(scope?: string) {
  const a = await makeAccount(db.ctx());
  return bearer(await a.token(scope));
}

const list = (headers: Record<string, string>, language: string) => call(countries, { path: `/sms/quietHours/countries/${encodeURIComponent(language)}`, headers, params: { language } });

type Country = { code: string; name: string; localeName: string; isoA3Code: string; supported: boolean };
const byCode = (body: Country[], code: string) => body.find((c) => c.code === code);
const names = (body: Country[]) => body.map((c) => c.name);

describe("GET /api/sms/quietHours/countries/{language}", () => {
  it("lists every country with code, name, native name, alpha-3 and support, in English", async () => {
    const r = await list(await token(), "en");
    expect(r.status).toBe(200);
    const body = r.body as Country[];
    expect(body.length).toBeGreaterThanOrEqual(249);
    for (const c of body) {
      expect(Object.keys(c).sort()).toEqual(["code", "isoA3Code", "localeName", "name", "supported"]);
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.isoA3Code).toMatch(/^[A-Z]{3}$/);
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.localeName.length).toBeGreaterThan(0);
      expect(typeof c.supported).toBe("boolean");
    }
    expect(new Set(body.map((c) => c.code)).size).toBe(body.length);
    expect(byCode(body, "GR")).toEqual({ code: "GR", name: "Greece", localeName: "Ελλάδα", isoA3Code: "GRC", supported: true });
    expect(byCode(body, "DE")).toEqual({ code: "DE", name: "Germany", localeName: "Deutschland", isoA3Code: "DEU", supported: true });
    expect(byCode(body, "ES")).toMatchObject({ localeName: "España", isoA3Code: "ESP", supported: true });
    expect(byCode(body, "JP")).toMatchObject({ name: "Japan", localeName: "日本", supported: true });
    expect(byCode(body, "US")).toMatchObject({ name: "United States", isoA3Code: "USA", supported: false });
    expect(byCode(body, "RU")).toMatchObject({ localeName: "Россия", supported: false });
  });

  it("sorts by name as the language sorts: German puts Ägypten among the A's", async () => {
    const en = (await list(await token(), "en")).body as Country[];
    expect(names(en)).toEqual([...names(en)].sort(new Intl.Collator("en").compare));
    expect(en[0].name).toBe("Afghanistan");
    const de = (await list(await token(), "de")).body as Country[];
    expect(byCode(de, "GR")).toMatchObject({ name: "Griechenland", localeName: "Ελλάδα" });
    const order = names(de);
    expect(order.indexOf("Ägypten")).toBeGreaterThan(-1);
    expect(order.indexOf("Ägypten")).toBeLessThan(order.indexOf("Albanien"));
    expect(order.indexOf("Österreich")).toBeLessThan(order.indexOf("Pakistan"));
  });

  it("names countries in Greek for el, and reads the code in any case", async () => {
    const auth = await token();
    const el = (await list(auth, "el")).body as Country[];
    expect(byCode(el, "DE")).toMatchObject({ name: "Γερμανία", localeName: "Deutschland" });
    const upper = await list(auth, "EL");
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(el);
  });

  it("answers an ISO 639-1 language without name data (Abkhazian) in English rather than refusing it", async () => {
    const r = await list(await token(), "ab");
    expect(r.status).toBe(200);
    expect(byCode(r.body, "GR")?.name).toBe("Greece");
  });

  it.each(["xx", "qq", "eng", "en-US", "e1", "e", "english", "ελ", "%00"])("answers 404 404000002 for the language %j", async (language) => {
    const r = await list(await token(), language);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: "404000002", entity: "language", value: language });
    expect(r.body.developerMessage).toContain("ISO 639-1");
  });

  it("answers the unknown-route 404 when the language segment is empty", async () => {
    for (const path of ["/sms/quietHours/countries", "/sms/quietHours/countries/"]) {
      const r = await call(unknownRoute, { path, headers: await token() });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("404000000");
      // routee-extras §4: clients read unknown routes as {status, error, message}.
      expect(r.body).toMatchObject({ status: 404, error: "Not Found" });
      expect(r.body.message).toContain(path);
    }
  });

  it("needs a token with the sms scope", async () => {
    const none = await call(countries, { path: "/sms/quietHours/countries/en", params: { language: "en" } });
    expect(none.status).toBe(401);
    const wrong = await list(await token("contact"), "en");
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("403000000");
    expect((await list(await token("sms"), "en")).status).toBe(200);
  });

  it("answers 405 to other methods", async () => {
    const r = await call(postCountries, { method: "POST", path: "/sms/quietHours/countries/en", headers: await token(), params: { language: "en" } });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET");
  });

  it("builds each language's list once and keeps it", () => {
    expect(listQuietHoursCountries("fr")).toBe(listQuietHoursCountries("FR"));
    expect(listQuietHoursCountries("fr")).not.toBe(listQuietHoursCountries("it"));
  });

  it("is in the OpenAPI document with its scope and 404", () => {
    const op = (openApiDocument("http://localhost:3999/api") as any).paths["/sms/quietHours/countries/{language}"].get;
    expect(op.security).toEqual([{ bearer: ["sms"] }]);
    expect(op.responses["404"].description).toContain("404000002");
    expect(op.responses["200"].content["application/json"].schema.items.required).toEqual(expect.arrayContaining(["code", "name", "localeName", "isoA3Code", "supported"]));
  });
});
