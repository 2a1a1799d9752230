// Tracking: a message sent through the API is found in the explorer by part of its number, opens
// in the drawer with its parts, and the search (with the open message) survives as a link.
import { test, expect, signIn } from "../fixtures/test";

test("find a sent message by part of its number, open it, share the search", async ({ page, request, demo, browser }) => {
  const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
  const token = (await (await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials", scope: "sms" } })).json()).access_token;
  const to = `+3069${String(Date.now()).slice(-8)}`;
  const sent = await request.post("/api/sms", { headers: { Authorization: `Bearer ${token}` }, data: { from: "Switchboard", to, body: "Where is my message?" } });
  expect(sent.ok()).toBe(true);

  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole("navigation").first().getByRole("link", { name: "Tracking", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tracking" })).toBeVisible();

  await page.getByLabel("Add a filter").selectOption("to");
  await page.getByLabel("Recipient value").fill(to.slice(-6));
  await expect(page).toHaveURL(/to=contains%3A/);
  const row = page.getByRole("row", { name: `Open the SMS to ${to}, part 1 of 1` });
  await expect(row).toBeVisible();
  await row.click();

  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("heading", { name: `SMS to ${to}` })).toBeVisible();
  const parts = drawer.getByRole("table", { name: "Message parts" });
  await expect(parts).toContainText("1 / 1");
  await expect(drawer.getByTestId("drawer-status")).toContainText("Delivered", { timeout: 20_000 });
  await expect(drawer).toContainText("Status timeline");

  // The link reopens the same search with the same message open.
  const link = page.url();
  const other = await browser.newPage();
  await other.context().addCookies(await page.context().cookies());
  await other.goto(link);
  await expect(other.getByLabel("Recipient value")).toHaveValue(to.slice(-6));
  await expect(other.getByRole("dialog").getByRole("heading", { name: `SMS to ${to}` })).toBeVisible();
  await other.close();
});
