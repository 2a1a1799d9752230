// What the campaign engine calls: group members (All and NotListed included) and contacts by id;
// and group operations staying fast with tens of thousands of contacts.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-db.ts";
import { makeAccount } from "../../../tests/support/factories.ts";
import { DomainError } from "../errors.ts";
import { createContact } from "./create-contact.ts";
import { createGroup } from "./create-group.ts";
import { createLabels } from "./create-labels.ts";
import { mergeGroups } from "./combine-groups.ts";
import { getContactsByIds } from "./get-contacts-by-ids.ts";
import { resolveGroupMembers } from "./resolve-group-members.ts";
import { getGroup } from "./list-groups.ts";

const db = useTestDatabase();

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe("resolveGroupMembers and getContactsByIds", () => {
  it("maps each group to its members with mobile, names, labels and blacklist", async () => {
    const ctx = db.ctx();
    const { account } = await makeAccount(ctx);
    await createLabels(ctx, account.id, [{ name: "city", type: "Text" }]);
    await createGroup(ctx, account.id, { name: "Team" });
    const maria = await createContact(ctx, account.id, { mobile: "306912345678", firstName: "Maria", groups: ["Team"], labels: [{ name: "city", value: "Athens" }] });
    const nikos = await createContact(ctx, account.id, { mobile: "+35799123456", firstName: "Nikos" });
    const groups = await resolveGroupMembers(ctx, account.id, ["Team", "All", "NotListed"]);
    expect([...groups.keys()]).toEqual(["Team", "All", "NotListed"]);
    expect(groups.get("Team")).toEqual([
      { id: maria.id, mobile: "+306912345678", country: "GR", firstName: "Maria", lastName: "", email: "", vip: false, labels: { city: "Athens" }, blacklistedServices: [] },
    ]);
    expect(
      groups
        .get("All")!
        .map((c) => c.id)
        .sort(),
    ).toEqual([maria.id, nikos.id].sort());
    expect(groups.get("NotListed")!.map((c) => c.id)).toEqual([nikos.id]);
    const err = await rejection(resolveGroupMembers(ctx, account.id, ["Team", "Ghosts"]));
    expect(err.kind).toBe("groupNotFound");
    expect(err.details.value).toBe("Ghosts");
  });

  it("answers contacts by id in the order asked, failing contactNotFound with the id as property", async () => {
    const ctx = db.ctx();
    const { account } = await makeAccount(ctx);
    const other = await makeAccount(ctx);
    const a = await createContact(ctx, account.id, { mobile: "+306912345678" });
    const b = await createContact(ctx, account.id, { mobile: "+306912345679" });
    const theirs = await createContact(ctx, other.account.id, { mobile: "+306912345670" });
    expect((await getContactsByIds(ctx, account.id, [b.id, a.id])).map((c) => c.mobile)).toEqual(["+306912345679", "+306912345678"]);
    for (const id of [theirs.id, "nope"]) {
      const err = await rejection(getContactsByIds(ctx, account.id, [a.id, id]));
      expect(err.kind).toBe("contactNotFound");
      expect(err.details.property).toBe(id);
    }
  });

  it("stays fast with 30,000 contacts: a merge, sizes and members over the GIN index", async () => {
    const ctx = db.ctx();
    const { account } = await makeAccount(ctx);
    for (const name of ["Even", "Tens", "Rare"]) await createGroup(ctx, account.id, { name });
    await ctx.sql.query(
      `INSERT INTO contacts (id, account_id, mobile, country, groups)
       SELECT gen_random_uuid(), $1, '+3069' || lpad(i::text, 8, '0'), 'GR',
              array_remove(ARRAY[CASE WHEN i % 2 = 0 THEN 'Even' END, CASE WHEN i % 10 = 0 THEN 'Tens' END, CASE WHEN i % 300 = 0 THEN 'Rare' END], NULL)
         FROM generate_series(1, 30000) AS i`,
      [account.id],
    );
    await ctx.sql.exec("ANALYZE contacts");
    const plan = await ctx.sql.query<Record<string, string>>(`EXPLAIN SELECT id FROM contacts WHERE account_id = $1 AND groups @> ARRAY['Rare']::text[]`, [account.id]);
    expect(plan.rows.map((r) => Object.values(r)[0]).join("\n")).toContain("contacts_groups_idx");
    const started = performance.now();
    expect((await mergeGroups(ctx, account.id, { name: "Merged", groups: ["Tens", "Rare"] })).size).toBe(3000);
    expect((await getGroup(ctx, account.id, "Even")).size).toBe(15000);
    expect((await getGroup(ctx, account.id, "NotListed")).size).toBe(15000);
    const members = await resolveGroupMembers(ctx, account.id, ["Even", "Rare"]);
    expect(members.get("Even")).toHaveLength(15000);
    expect(members.get("Rare")).toHaveLength(100);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
