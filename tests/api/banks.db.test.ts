// GET /api/accounts/me/banks: the bank accounts customers pay top-ups into, as the operator set
// them from the command line or the Settings page (PUT /api/operator/billing).
import { describe, expect, it } from "vitest";
import { GET as banks } from "../../app/api/accounts/me/banks/route.ts";
import { PUT as saveBilling } from "../../app/api/operator/billing/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { useCliInProcess } from "../support/run-cli.ts";
import { operatorCookie } from "./operator-kit.ts";

const db = useTestDatabase();
const cli = useCliInProcess(db);

const read = async (scopes?: Parameters<typeof makeAccount>[1]) => {
  const a = await makeAccount(db.ctx(), scopes);
  return call(banks, { path: "/accounts/me/banks", headers: bearer(await a.token()) });
};
const bank = {
  name: "Piraeus Bank",
  address: "4 Amerikis, Athens",
  beneficiary: "Switchboard Ltd",
  iban: "GR16 0110 1250 0000 0001 2300 695",
  swiftCode: "piragraa",
  currency: "eur",
  minAmount: 50,
  country: "gr",
};

describe("GET /api/accounts/me/banks", () => {
  it("answers every key with an empty banks array until the operator sets them (it was a 404)", async () => {
    const r = await read();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: "", address: "", phone: "", vatId: "", email: "", banks: [] });
  });

  it("answers what the command line set, normalised, to every account; and replaces it as a whole", async () => {
    const set = await cli(
      "billing",
      "set",
      "--json",
      JSON.stringify({ name: "Switchboard Ltd", address: "1 Main St", phone: "+302100000000", vatId: "EL123456789", email: "billing@switchboard.test", banks: [bank] }),
    );
    expect(set.code).toBe(0);
    const r = await read();
    expect(r.body).toEqual({
      name: "Switchboard Ltd",
      address: "1 Main St",
      phone: "+302100000000",
      vatId: "EL123456789",
      email: "billing@switchboard.test",
      banks: [{ ...bank, iban: "GR1601101250000000012300695", swiftCode: "PIRAGRAA", currency: "EUR", country: "GR", number: "" }],
    });
    expect((await cli("billing", "show")).out).toEqual(r.body);
    const bad = await cli("billing", "set", "--json", JSON.stringify({ banks: [{ ...bank, iban: "not an iban" }] }));
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain("banks.0.iban");
    expect((await read()).body.banks).toHaveLength(1);
    expect((await cli("billing", "set", "--json", JSON.stringify({ name: "Switchboard Ltd", banks: [] }))).code).toBe(0);
    expect((await read()).body).toMatchObject({ name: "Switchboard Ltd", address: "", banks: [] });
  });

  it("is set from the Settings page by platform administrators only", async () => {
    const body = { name: "Operator Co", address: "", phone: "", vatId: "", email: "", banks: [{ ...bank, name: "Alpha Bank" }] };
    const saved = await call(saveBilling, { method: "PUT", path: "/operator/billing", headers: await operatorCookie(db.ctx()), body });
    expect(saved.status).toBe(200);
    expect(saved.body.banks[0]).toMatchObject({ name: "Alpha Bank", iban: "GR1601101250000000012300695" });
    expect((await read()).body.banks[0].name).toBe("Alpha Bank");
    const owner = await makeAccount(db.ctx());
    const refused = await call(saveBilling, { method: "PUT", path: "/operator/billing", headers: { cookie: await sessionCookie(owner.user.id) }, body: { ...body, name: "Mallory" } });
    expect(refused.status).toBe(403);
    const invalid = await call(saveBilling, { method: "PUT", path: "/operator/billing", headers: await operatorCookie(db.ctx()), body: { ...body, banks: [{ ...bank, currency: "euro" }] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.property).toContain("banks");
    expect((await read()).body.name).toBe("Operator Co");
  });

  it("needs the account scope", async () => {
    const r = await read({ scopes: ["sms"] });
    expect(r.status).toBe(403);
  });
});
