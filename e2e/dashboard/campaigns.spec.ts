// Campaigns as a marketer runs them: import a small CSV of contacts into a new group, compose a
// personalised campaign to that group with the live preview and estimate, schedule it a couple of
// minutes ahead, edit its text, then send it now and watch its counts reach Finished.
import type { Page } from "@playwright/test";
import { test, expect, signIn } from "../fixtures/test";

test.setTimeout(180_000);

const suffix = String(Date.now()).slice(-5);
const group = `Spring club ${suffix}`;
const name = `Spring sale ${suffix}`;
// Distinct numbers per run (Greek mobiles: 694 and seven digits). The simulator delivers them,
// but for the last, whose ending 0001 makes it Undelivered (Unknown Number).
const n = (i: number) => `+306944${suffix}${i}`;
const people = [
  { first: "Ada", last: "Lovelace", mobile: n(7) },
  { first: "Bob", last: "Marley", mobile: n(8) },
  { first: "", last: "", mobile: n(9) },
  { first: "Dora", last: "Explorer", mobile: `+30694${suffix.slice(0, 3)}0001` },
];

test("compose a personalised campaign to an imported group, schedule it, edit it, send it and watch it finish", async ({ page, demo }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/);

  await importContacts(page);
  const id = await compose(page);
  await editBody(page, id);
  await sendNow(page, id);
});

/** Contacts › Import: a four-row CSV into a new group. */
async function importContacts(page: Page) {
  await page.goto("/contacts/import");
  const csv = ["firstName,lastName,mobile", ...people.map((p) => `${p.first},${p.last},${p.mobile}`)].join("\n");
  await page.getByLabel("CSV file").setInputFiles({ name: "spring-club.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByLabel("Add everyone to a group").selectOption({ label: "New group…" });
  await page.getByLabel("New group's name").fill(group);
  await page.getByRole("button", { name: /^Import 4 rows/ }).click();
  await expect(page.getByText("Import finished")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("import-created")).toContainText("4");
}

/** The composer: recipients from the group, a personalised body, schedule, estimate, confirm. */
async function compose(page: Page): Promise<string> {
  await page.getByRole("navigation").first().getByRole("link", { name: "Campaigns", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  await page.getByRole("link", { name: "New campaign" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New campaign" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("From", { exact: true }).fill("Switchboard");

  // Recipients: the imported group, with its size.
  const groupBox = page.getByRole("checkbox", { name: group });
  await expect(page.getByRole("tabpanel").filter({ has: groupBox })).toContainText("4");
  await groupBox.check();
  await expect(page.getByRole("tab", { name: /Groups/ })).toContainText("1");

  // The body: a label inserted at the cursor, live analysis and a preview per recipient.
  const body = page.getByLabel("Text", { exact: true });
  await body.click();
  await body.pressSequentially("Hi ");
  await page.getByRole("toolbar", { name: "Insert a label" }).getByRole("button", { name: "First name" }).click();
  await body.pressSequentially(", our spring sale starts soon!");
  await expect(body).toHaveValue("Hi [~firstName], our spring sale starts soon!");

  const preview = page.getByTestId("message-preview");
  const recipient = page.getByLabel("As received by");
  await recipient.selectOption({ label: `Ada Lovelace (${people[0].mobile})` });
  await expect(preview).toHaveText("Hi Ada, our spring sale starts soon!");
  const analysis = page.getByRole("group", { name: "Message analysis" });
  await expect(analysis).toContainText("GSM-7");
  await expect(page.getByTestId("analysis-counts")).toContainText("36 characters");
  await expect(page.getByTestId("analysis-counts")).toContainText("1 part");

  await page.getByLabel("Fallback for First name").fill("friend");
  await recipient.selectOption({ label: "Someone without these labels" });
  await expect(preview).toHaveText("Hi friend, our spring sale starts soon!");

  // Schedule two minutes ahead, in the browser's time zone; the UTC instant is shown.
  await page.getByRole("radio", { name: /^Schedule/ }).check();
  const local = await page.evaluate(() => {
    const d = new Date(Date.now() + 2 * 60_000);
    return [d.getFullYear(), "-", d.getMonth() + 1, "-", d.getDate(), "T", d.getHours(), ":", d.getMinutes()].map((x) => (typeof x === "number" && x < 10 ? `0${x}` : String(x))).join("");
  });
  await page.getByLabel("Date and time").fill(local);
  await expect(page.getByTestId("schedule-utc")).toContainText("UTC");

  // The estimate: four recipients, their parts and cost, and the balance.
  const estimate = page.getByRole("region", { name: "Cost estimate" });
  await expect(page.getByTestId("estimate-recipients")).toHaveText("4");
  await expect(estimate).toContainText("Greece");
  await expect(page.getByTestId("estimate-cost")).toHaveText(/€\d+\.\d+/);

  await page.getByRole("button", { name: "Review and schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule this campaign?" });
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText("UTC");
  await dialog.getByRole("button", { name: "Schedule campaign" }).click();

  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("campaign-state")).toHaveText("Scheduled");
  await expect(page.getByTestId("count-recipients")).toHaveText("4");
  // Before it starts, each recipient's own text.
  const planned = page.getByRole("table", { name: "Campaign recipients" });
  await expect(planned).toContainText("Hi Ada, our spring sale starts soon!");
  await expect(planned).toContainText("Hi friend, our spring sale starts soon!");
  return page.url().split("/").pop()!;
}

/** Edit the scheduled campaign's text; it stays scheduled. */
async function editBody(page: Page, id: string) {
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}/edit$`));
  const body = page.getByLabel("Text", { exact: true });
  await expect(body).toHaveValue("Hi [~firstName], our spring sale starts soon!");
  await body.fill("Hello [~firstName], the spring sale is on!");
  await page.getByRole("button", { name: "Review changes" }).click();
  await page.getByRole("dialog", { name: "Save the scheduled campaign?" }).getByRole("button", { name: "Save and keep scheduled" }).click();

  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}$`), { timeout: 20_000 });
  await expect(page.getByTestId("campaign-state")).toHaveText("Scheduled");
  await expect(page.getByTestId("campaign-body")).toHaveText("Hello [~firstName], the spring sale is on!");
  await expect(page.getByRole("table", { name: "Campaign recipients" })).toContainText("Hello Bob, the spring sale is on!");
  await expect(page.getByRole("list", { name: "Campaign timeline" }).getByText(/^Updated; scheduled for/)).toBeVisible();
}

/** Change it to go now, and follow it live to Finished. */
async function sendNow(page: Page, id: string) {
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByRole("radio", { name: /^Send now/ }).check();
  await page.getByRole("button", { name: "Review and send now" }).click();
  await page.getByRole("dialog", { name: "Send this campaign now?" }).getByRole("button", { name: "Send now" }).click();

  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}$`), { timeout: 20_000 });
  // The page refreshes itself while the campaign runs; the simulator answers in about 1.5 s.
  await expect(page.getByTestId("campaign-state")).toHaveText("Finished", { timeout: 60_000 });
  await expect(page.getByTestId("status-Delivered")).toHaveText("3");
  await expect(page.getByTestId("status-Undelivered")).toHaveText("1");
  await expect(page.getByTestId("status-Queued")).toHaveText("0");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  const timeline = page.getByRole("list", { name: "Campaign timeline" });
  for (const state of ["Queued", "Running", "Sent", "Finished"]) await expect(timeline).toContainText(state);
  await expect(page.getByRole("img", { name: /^Statuses over time/ })).toBeVisible();

  // Its messages, each linking to the message page.
  const messages = page.getByRole("table", { name: "Campaign messages" });
  await expect(messages.getByRole("row")).toHaveCount(5);
  await expect(messages).toContainText("Hello Ada, the spring sale is on!");
  await messages.getByRole("link", { name: new RegExp(people[1].mobile.replace("+", "\\+")) }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByText("Hello Bob, the spring sale is on!")).toBeVisible({ timeout: 20_000 });

  // The list shows it finished.
  await page.goto("/campaigns");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Finished");
  await expect(row).toContainText("100% done");
}
