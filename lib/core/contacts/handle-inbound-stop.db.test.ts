// An inbound STOP blacklists the sender for Sms in the given account, and never in any other.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-db.ts";
import { makeAccount } from "../../../tests/support/factories.ts";
import { createContact } from "./create-contact.ts";
import { handleInboundStop } from "./handle-inbound-stop.ts";

const db = useTestDatabase();

const services = async (id: string) => (await db.ctx().db.contact.findUniqueOrThrow({ where: { id } })).blacklistedServices;

/** Two accounts, and a contact with `mobile` in each. */
async function sameMobileInTwoAccounts(mobile: string) {
  const ctx = db.ctx();
  const a = await makeAccount(ctx);
  const b = await makeAccount(ctx);
  return { ctx, a, mine: await createContact(ctx, a.account.id, { mobile }), theirs: await createContact(ctx, b.account.id, { mobile }) };
}

describe("handleInboundStop", () => {
  it("blacklists for Sms every contact with the sender's mobile in the account, once", async () => {
    const { ctx, a, mine, theirs } = await sameMobileInTwoAccounts("+306912345678");
    const other = await createContact(ctx, a.account.id, { mobile: "+306912345679" });
    expect(await handleInboundStop(ctx, { accountId: a.account.id, from: "306912345678", text: " Stop. " })).toBe(1);
    expect(await services(mine.id)).toEqual(["Sms"]);
    expect(await services(other.id)).toEqual([]);
    expect(await services(theirs.id)).toEqual([]);
    expect(await handleInboundStop(ctx, { accountId: a.account.id, from: "+306912345678", text: "STOP" })).toBe(0);
    expect(await services(mine.id)).toEqual(["Sms"]);
  });

  it("without an account (a number nobody rents, or one just cancelled), blacklists nobody", async () => {
    const { ctx, mine: x, theirs: y } = await sameMobileInTwoAccounts("+35799123456");
    await ctx.db.contact.update({ where: { id: y.id }, data: { blacklistedServices: ["Viber"] } });
    expect(await handleInboundStop(ctx, { accountId: undefined, from: "+35799123456", text: "unsubscribe" })).toBe(0);
    expect(await services(x.id)).toEqual([]);
    expect(await services(y.id)).toEqual(["Viber"]);
  });

  it("keeps the contact's other services", async () => {
    const { ctx, a, mine } = await sameMobileInTwoAccounts("+35799123457");
    await ctx.db.contact.update({ where: { id: mine.id }, data: { blacklistedServices: ["Viber"] } });
    expect(await handleInboundStop(ctx, { accountId: a.account.id, from: "+35799123457", text: "unsubscribe" })).toBe(1);
    expect(await services(mine.id)).toEqual(["Viber", "Sms"]);
  });

  it("ignores messages that are not opt-outs, unknown senders and malformed input", async () => {
    const ctx = db.ctx();
    const a = await makeAccount(ctx);
    const c = await createContact(ctx, a.account.id, { mobile: "+306912340000" });
    expect(await handleInboundStop(ctx, { accountId: a.account.id, from: "+306912340000", text: "Please don't stop" })).toBe(0);
    expect(await handleInboundStop(ctx, { accountId: a.account.id, from: "+306912349999", text: "STOP" })).toBe(0);
    expect(await handleInboundStop(ctx, { accountId: a.account.id, from: "Switchboard", text: "STOP" })).toBe(0);
    expect(await handleInboundStop(ctx, { accountId: "not-a-uuid", from: "+306912340000", text: "STOP" })).toBe(0);
    expect(await services(c.id)).toEqual([]);
  });
});
