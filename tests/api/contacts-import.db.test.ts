// importContacts: every row counted once (created, updated or failed with its row number, value
// and reason), updates that never erase, duplicates within a call, national numbers, the import
// group, and 20,000 rows in one call.
import { describe, expect, it } from "vitest";
import { importContacts } from "../../lib/core/contacts/import-contacts.ts";
import { createContact } from "../../lib/core/contacts/create-contact.ts";
import { createGroup } from "../../lib/core/contacts/create-group.ts";
import { createLabels } from "../../lib/core/contacts/create-labels.ts";
import { blacklistContacts } from "../../lib/core/contacts/blacklist-contacts.ts";
import { getContact } from "../../lib/core/contacts/get-contact.ts";
import { DomainError } from "../../lib/core/errors.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";

const db = useTestDatabase();

async function account() {
  const a = await makeAccount(db.ctx());
  return a.account.id;
}

async function contactByMobile(accountId: string, mobile: string) {
  const row = await db.ctx().db.contact.findUnique({ where: { accountId_mobile: { accountId, mobile } } });
  return row;
}

async function rejects(p: Promise<unknown>, status: number, property?: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).status).toBe(status);
  if (property) expect((err as DomainError).details.property).toBe(property);
}

describe("importContacts", () => {
  it("counts every row once: created, updated (mobile already there) or failed with row, value and reason", async () => {
    const acc = await account();
    await createContact(db.ctx(), acc, { mobile: "+306912345001", firstName: "Old" });
    const rows = [
      { mobile: "+306912345001", firstName: "Eleni" }, // row 2: existing → updated
      { mobile: "306912345002", firstName: "Nikos", email: "nikos@example.gr" }, // created
      { mobile: "12", firstName: "Bad number", email: "also bad" }, // failed: the mobile is reported first
      { mobile: "", firstName: "No number" }, // failed
      { mobile: "+306912345003", email: "not-an-email" }, // failed
      "not an object", // failed
      { mobile: "+447400123456", lastName: "Smith" }, // created, GB
    ];
    const r = await importContacts(db.ctx(), acc, rows, { startRow: 2 });
    expect(r.created).toBe(2);
    expect(r.updated).toBe(1);
    expect(r.failed).toEqual([
      { row: 4, value: "12", reason: "Invalid mobile number" },
      { row: 5, value: "", reason: "No mobile number" },
      { row: 6, value: "not-an-email", reason: "Invalid email address" },
      { row: 7, value: "", reason: "The row is not a contact object" },
    ]);
    expect(r.created + r.updated + r.failed.length).toBe(rows.length);
    expect(await contactByMobile(acc, "+306912345001")).toMatchObject({ firstName: "Eleni" });
    expect(await contactByMobile(acc, "+306912345002")).toMatchObject({ firstName: "Nikos", email: "nikos@example.gr", country: "GR" });
    expect(await contactByMobile(acc, "+447400123456")).toMatchObject({ lastName: "Smith", country: "GB" });
    expect(await db.ctx().db.contact.count({ where: { accountId: acc } })).toBe(3);
  });

  it("updates without erasing: empty values keep, labels merge, groups add, vip only when given, blacklist stays", async () => {
    const acc = await account();
    await createLabels(db.ctx(), acc, [
      { name: "city", type: "Text" },
      { name: "age", type: "Number" },
    ]);
    await createGroup(db.ctx(), acc, { name: "Customers" });
    await createGroup(db.ctx(), acc, { name: "Fair 2025" });
    const c = await createContact(db.ctx(), acc, {
      mobile: "+306912345010",
      firstName: "Maria",
      lastName: "P",
      email: "maria@example.gr",
      vip: true,
      groups: ["Customers"],
      labels: { city: "Athens" },
    });
    await blacklistContacts(db.ctx(), acc, "Sms", [c.id]);

    const r = await importContacts(db.ctx(), acc, [{ mobile: "+306912345010", firstName: "", lastName: "Papadopoulou", email: "", labels: { age: "41", city: "" } }], { group: "Fair 2025" });
    expect(r).toEqual({ created: 0, updated: 1, failed: [] });
    const after = await getContact(db.ctx(), acc, c.id);
    expect(after).toMatchObject({ firstName: "Maria", lastName: "Papadopoulou", email: "maria@example.gr", vip: true, blacklistedServices: ["Sms"] });
    expect(after.groups).toEqual(["Customers", "Fair 2025"]);
    expect(after.labels).toEqual([
      { name: "city", type: "Text", value: "Athens" },
      { name: "age", type: "Number", value: 41 },
    ]);

    await importContacts(db.ctx(), acc, [{ mobile: "+306912345010", vip: "false" }], { group: "Fair 2025" });
    const again = await getContact(db.ctx(), acc, c.id);
    expect(again.vip).toBe(false);
    expect(again.groups).toEqual(["Customers", "Fair 2025"]);
  });

  it("treats the same mobile twice in a call as rows imported one after the other", async () => {
    const acc = await account();
    const r = await importContacts(db.ctx(), acc, [
      { mobile: "+306912345020", firstName: "First", email: "first@example.gr" },
      { mobile: "+30 691 234 5021", firstName: "Other" },
      { mobile: "00306912345020", firstName: "Second", lastName: "Later" },
      { mobile: "306912345020", vip: "yes" },
    ]);
    // The first row creates, the two later rows for the same number update it.
    expect(r).toEqual({ created: 2, updated: 2, failed: [] });
    expect(await contactByMobile(acc, "+306912345020")).toMatchObject({ firstName: "Second", lastName: "Later", email: "first@example.gr", vip: true });
    expect(await db.ctx().db.contact.count({ where: { accountId: acc } })).toBe(2);
  });

  it("reads national numbers in the row's country or the default country; '+' and 00 numbers keep their own", async () => {
    const acc = await account();
    const r = await importContacts(db.ctx(), acc, [{ mobile: "6912345030" }, { mobile: "07400 123457", country: "gb" }, { mobile: "+447400123458" }, { mobile: "306912345031" }, { mobile: "12345" }], {
      defaultCountry: "gr",
    });
    expect(r.created).toBe(4);
    expect(r.failed).toEqual([{ row: 5, value: "12345", reason: "Invalid mobile number" }]);
    expect(await contactByMobile(acc, "+306912345030")).toMatchObject({ country: "GR" });
    expect(await contactByMobile(acc, "+447400123457")).toMatchObject({ country: "GB" });
    expect(await contactByMobile(acc, "+447400123458")).toMatchObject({ country: "GB" });
    expect(await contactByMobile(acc, "+306912345031")).toMatchObject({ country: "GR" });
    // Without a default country a national number cannot be read.
    const none = await importContacts(db.ctx(), acc, [{ mobile: "6912345032" }]);
    expect(none.failed).toEqual([{ row: 1, value: "6912345032", reason: "Invalid mobile number" }]);
  });

  it("fails a row alone for an unknown label, a bad label value or an unknown group, using the given row numbers", async () => {
    const acc = await account();
    await createLabels(db.ctx(), acc, [{ name: "age", type: "Number" }]);
    const r = await importContacts(
      db.ctx(),
      acc,
      [
        { mobile: "+306912345040", labels: { shoe: "42" } },
        { mobile: "+306912345041", labels: { age: "old" } },
        { mobile: "+306912345042", groups: ["Nope"] },
        { mobile: "+306912345043", labels: { age: 30 } },
      ],
      { rowNumbers: [3, 7, 8, 12] },
    );
    expect(r.created).toBe(1);
    expect(r.failed).toEqual([
      { row: 3, value: "42", reason: "There is no label named shoe" },
      { row: 7, value: "old", reason: "age must be a number" },
      { row: 8, value: "Nope", reason: 'There is no group named "Nope"' },
    ]);
  });

  it("refuses an unknown or built-in import group and a malformed default country before writing anything", async () => {
    const acc = await account();
    const rows = [{ mobile: "+306912345050" }];
    await rejects(importContacts(db.ctx(), acc, rows, { group: "Missing" }), 404);
    await rejects(importContacts(db.ctx(), acc, rows, { group: "All" }), 400, "group");
    await rejects(importContacts(db.ctx(), acc, rows, { defaultCountry: "Greece" }), 400, "defaultCountry");
    expect(await db.ctx().db.contact.count({ where: { accountId: acc } })).toBe(0);
  });

  it("keeps accounts apart: a mobile another account has is created, not updated", async () => {
    const mine = await account();
    const theirs = await account();
    await createContact(db.ctx(), theirs, { mobile: "+306912345060", firstName: "Theirs" });
    const r = await importContacts(db.ctx(), mine, [{ mobile: "+306912345060", firstName: "Mine" }]);
    expect(r).toEqual({ created: 1, updated: 0, failed: [] });
    expect(await contactByMobile(theirs, "+306912345060")).toMatchObject({ firstName: "Theirs" });
  });

  it("imports 20,000 rows in one call, then updates them all in a second", async () => {
    const acc = await account();
    await createGroup(db.ctx(), acc, { name: "Bulk" });
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      mobile: `+3069${String(10_000_000 + i).padStart(8, "0")}`,
      firstName: `Name ${i}`,
      email: i % 1000 === 999 ? "broken" : `c${i}@example.com`,
    }));
    const started = performance.now();
    const r = await importContacts(db.ctx(), acc, rows, { startRow: 2, group: "Bulk" });
    const ms = performance.now() - started;
    expect(r.created).toBe(19_980);
    expect(r.updated).toBe(0);
    expect(r.failed).toHaveLength(20);
    expect(r.failed[0]).toEqual({ row: 1001, value: "broken", reason: "Invalid email address" });
    expect(await db.ctx().db.contact.count({ where: { accountId: acc, groups: { has: "Bulk" } } })).toBe(19_980);
    expect(ms).toBeLessThan(20_000);

    const again = await importContacts(
      db.ctx(),
      acc,
      rows.map((row) => ({ ...row, lastName: "Updated" })),
    );
    expect(again.created).toBe(0);
    expect(again.updated).toBe(19_980);
    expect(await db.ctx().db.contact.count({ where: { accountId: acc, lastName: "Updated" } })).toBe(19_980);
  }, 60_000);
});
