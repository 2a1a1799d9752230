// A marketer imports a CSV (mapping a column to a new custom field, one bad row reported), finds
// an imported contact, edits it, creates a group and adds the imported contacts to it.
import { test, expect, signIn } from "../fixtures/test";

test("import a CSV with a bad row, find and edit a contact, group the imported contacts", async ({ page, demo }) => {
  const stamp = String(Date.now()).slice(-7);
  const surname = `Csv${stamp}`;
  const csv = [
    "Phone,Given name,Surname,E-mail,City",
    `+3069${stamp}1,Eleni,${surname},eleni@example.com,Athens`,
    "12345,Bad,Row,bad@example.com,Nowhere",
    `+3069${stamp}2,Nikos,${surname},nikos@example.com,Patras`,
  ].join("\n");

  await signIn(page, demo.userEmail, demo.userPassword);
  await page.getByRole("navigation").first().getByRole("link", { name: "Contacts", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await page.getByRole("link", { name: "Import CSV" }).click();

  // Upload, then map: the headers are recognised; City becomes a new custom field.
  await page.getByLabel("CSV file").setInputFiles({ name: "spring-fair.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByText("3 rows to import")).toBeVisible();
  await expect(page.getByLabel("Import Phone as")).toHaveValue("mobile");
  await expect(page.getByLabel("Import Given name as")).toHaveValue("firstName");
  await expect(page.getByLabel("Import Surname as")).toHaveValue("lastName");
  // (On a server that already has a City field from an earlier run, the column is matched to it.)
  const city = page.getByLabel("Import City as");
  if ((await city.inputValue()) !== "label:City") await city.selectOption({ label: "New text field “City”" });
  await page.getByRole("button", { name: "Review" }).click();

  // Review: the bad row is flagged before anything is sent.
  const preview = page.getByRole("table", { name: "Import preview" });
  await expect(preview.getByRole("row").filter({ hasText: "12345" })).toContainText("Will be skipped");
  await expect(preview.getByRole("row").filter({ hasText: "Eleni" })).toContainText(`+3069${stamp}1`);
  await page.getByRole("button", { name: "Import 3 rows" }).click();

  // Report: two created, the bad row skipped with its row number and reason.
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible();
  await expect(page.getByTestId("import-created")).toHaveText("2");
  await expect(page.getByTestId("import-skipped")).toHaveText("1");
  const skipped = page.getByRole("table", { name: "Skipped rows" }).getByRole("row").filter({ hasText: "12345" });
  await expect(skipped).toContainText("3");
  await expect(skipped).toContainText("Invalid mobile number");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download report (CSV)" }).click();
  expect((await download).suggestedFilename()).toBe("spring-fair-skipped-rows.csv");

  // Find an imported contact and edit it.
  await page.getByRole("link", { name: "View contacts" }).click();
  await page.getByLabel("Search contacts").fill(surname);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${surname}`));
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(3); // the header and the two imported contacts
  await table.getByRole("button", { name: `Edit Eleni ${surname}` }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByLabel("City")).toHaveValue("Athens");
  await drawer.getByLabel("First name").fill("Helen");
  await drawer.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: `Helen ${surname}` })).toBeVisible();

  // Create a group and add both imported contacts to it.
  const group = `Fair ${stamp}`;
  await page.getByRole("navigation", { name: "Contacts sections" }).getByRole("link", { name: "Groups" }).click();
  await page.getByRole("button", { name: "New group" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(group);
  await page.getByRole("dialog").getByRole("button", { name: "Create group" }).click();
  await expect(page.getByRole("table", { name: "Groups" }).getByRole("row").filter({ hasText: group })).toContainText("0");

  await page.getByRole("navigation", { name: "Contacts sections" }).getByRole("link", { name: "Contacts" }).click();
  await page.getByLabel("Search contacts").fill(surname);
  // The search has settled (it is in the address bar): a search that lands later clears the selection.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${surname}`));
  await expect(table.getByRole("row")).toHaveCount(3); // the header and the two imported contacts
  await page.getByLabel("Select every contact on this page").check();
  await page.getByRole("toolbar", { name: "Selected contacts" }).getByRole("button", { name: "Add to group" }).click();
  await page.getByRole("dialog").getByLabel("Group").selectOption(group);
  await page.getByRole("dialog").getByRole("button", { name: "Add to group" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: group })).toHaveCount(2);

  // The group now lists them.
  await page.getByLabel("Search contacts").fill("");
  await page.getByLabel("Group", { exact: true }).selectOption({ label: `${group} (2)` });
  await expect(page.getByText(`2 contacts in ${group}`)).toBeVisible();
});

test("a custom field named with dots, brackets and quotes (as the API allows) is shown, edited and saved under its own name", async ({ page, request, demo }) => {
  const stamp = String(Date.now()).slice(-7);
  const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
  const token = (await (await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials", scope: "contact" } })).json()).access_token;
  const api = { Authorization: `Bearer ${token}` };
  const label = `plan.tier[${stamp}] "x"`;
  const made = await request.post("/api/contacts/labels/my", { headers: api, data: [{ name: label, type: "Text" }] });
  expect(made.ok(), await made.text()).toBe(true);
  const mobile = `+3069${stamp}7`;
  const contact = await request.post("/api/contacts/my", { headers: api, data: { mobile, firstName: "Dot", lastName: `Label${stamp}`, labels: [{ name: label, value: "gold" }] } });
  expect(contact.ok(), await contact.text()).toBe(true);
  const { id } = await contact.json();

  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/contacts");
  await page.getByLabel("Search contacts").fill(`Label${stamp}`);
  await page
    .getByRole("table", { name: "Contacts" })
    .getByRole("button", { name: `Edit Dot Label${stamp}` })
    .click();
  const field = page.getByRole("dialog").getByRole("textbox", { name: label });
  await expect(field).toHaveValue("gold");
  await field.fill("platinum");
  await page.getByRole("dialog").getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Saved under the label's own name, not split along its dots.
  const saved = await (await request.get(`/api/contacts/my/${id}`, { headers: api })).json();
  expect(saved.labels).toEqual(expect.arrayContaining([expect.objectContaining({ name: label, value: "platinum" })]));
});
