// HTML and scripts that users and API clients put in texts and names render as text in the
// dashboard: a message's body and label, a contact's name and label values, a custom label's
// name, a group, an application and a campaign's text. No dialog opens, no script runs, no
// injected element appears. (A campaign's name cannot hold markup: the spec allows letters,
// digits, spaces and '-' only, and the API refuses anything else.)
import { test, expect, signIn } from "../fixtures/test";
import type { Page } from "@playwright/test";

/** Markup that would run if it were ever parsed as HTML: it opens a dialog and marks the window. */
const img = (mark: string) => `<img src=x onerror="window.__xss='${mark}';alert('${mark}')">`;
const script = (mark: string) => `<script>window.__xss='${mark}';alert('${mark}')</script>`;

/** Nothing of the payloads ran or became an element. */
async function expectInert(page: Page, dialogs: string[], stamp: string) {
  expect(dialogs, "dialogs opened by injected markup").toEqual([]);
  const found = await page.evaluate(
    (stamp) => ({
      mark: (window as unknown as { __xss?: string }).__xss ?? null,
      images: document.querySelectorAll("img[onerror], img[src='x']").length,
      scripts: [...document.querySelectorAll("script")].filter((s) => (s.textContent ?? "").trim().startsWith("window.__xss")).length,
      bold: [...document.querySelectorAll("b")].filter((b) => (b.textContent ?? "").includes(stamp)).length,
    }),
    stamp,
  );
  expect(found).toEqual({ mark: null, images: 0, scripts: 0, bold: 0 });
}

test("markup in bodies, names and labels renders as text", async ({ page, request, demo }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const stamp = String(Date.now()).slice(-7);
  const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
  const token = (await (await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials", scope: "sms contact" } })).json()).access_token;
  const api = { Authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => {
    const r = await request.post(url, { headers: api, data });
    expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
    return r.json();
  };

  const labelName = `<b>L${stamp}</b>`;
  const group = `${img("group")}G${stamp}`;
  const firstName = img("first").slice(0, 60);
  const lastName = script("last");
  const labelValue = img("label");
  const body = `${script("body")} ${img("body")} S${stamp}`;
  const smsLabel = img("smslabel");
  const campaignBody = `${img("campaign")} C${stamp}`;
  const mobile = `+3069${stamp}9`;

  await post("/api/contacts/labels/my", [{ name: labelName, type: "Text" }]);
  await post("/api/groups/my", { name: group });
  const contact = await post("/api/contacts/my", { mobile, firstName, lastName, groups: [group], labels: [{ name: labelName, value: labelValue }] });
  const sms = await post("/api/sms", { from: "Switchboard", to: `+3069${stamp}8`, body, label: smsLabel });
  const refused = await request.post("/api/sms/campaign", { headers: api, data: { campaignName: "<b>x</b>", from: "Switchboard", body: "x", to: [mobile] } });
  expect(refused.status()).toBe(400);
  const campaignName = `Escaping ${stamp}`;
  const scheduledDate = new Date(Date.now() + 86_400_000).toISOString();
  const campaign = await post("/api/sms/campaign", { campaignName, from: "Switchboard", body: campaignBody, contacts: [contact.id], scheduledDate });

  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/);
  const appName = `${img("app")}A${stamp}`.slice(0, 80);
  const created = await page.request.post("/api/dashboard/applications", {
    data: { name: appName, scopes: ["sms"], tokenTtl: 3600, callbackUrl: "", callbackStrategy: "OnCompletion", transcode: false },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The message page: its body and label as text.
  await page.goto(`/messages/${sms.trackingId}`);
  await expect(page.getByText(body, { exact: true })).toBeVisible();
  await expect(page.getByText(smsLabel, { exact: false })).toBeVisible();
  await expectInert(page, dialogs, stamp);

  // The tracking explorer lists it.
  await page.goto(`/tracking?to=contains%3A${stamp}8`);
  await expect(page.getByRole("row", { name: new RegExp(`Open the SMS to \\+3069${stamp}8`) })).toBeVisible();
  await expectInert(page, dialogs, stamp);

  // Contacts: the name in the table, the label values in the drawer.
  await page.goto(`/contacts`);
  await page.getByLabel("Search contacts").fill(stamp);
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByText(firstName, { exact: false })).toBeVisible();
  await expect(table.getByText(group, { exact: false }).first()).toBeVisible();
  await expectInert(page, dialogs, stamp);
  await table
    .getByRole("button", { name: /^Edit / })
    .first()
    .click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByLabel("First name")).toHaveValue(firstName);
  await expect(drawer.getByText(labelName, { exact: false }).first()).toBeVisible();
  await expect(drawer.getByRole("textbox", { name: labelName })).toHaveValue(labelValue);
  await expectInert(page, dialogs, stamp);
  await page.keyboard.press("Escape");

  // Groups and custom labels.
  await page.goto(`/contacts/groups`);
  await expect(page.getByRole("table", { name: "Groups" }).getByText(group, { exact: false })).toBeVisible();
  await expectInert(page, dialogs, stamp);
  await page.goto(`/contacts/labels`);
  await expect(page.getByText(labelName, { exact: false }).first()).toBeVisible();
  await expectInert(page, dialogs, stamp);

  // The campaign: its text, and its recipient's name.
  await page.goto(`/campaigns`);
  await expect(page.getByText(campaignName).first()).toBeVisible();
  await expectInert(page, dialogs, stamp);
  await page.goto(`/campaigns/${campaign.trackingId}`);
  await expect(page.getByText(campaignBody, { exact: false }).first()).toBeVisible();
  await expectInert(page, dialogs, stamp);

  // The application.
  await page.goto(`/applications`);
  await expect(page.getByText(appName, { exact: false }).first()).toBeVisible();
  await expectInert(page, dialogs, stamp);
});
