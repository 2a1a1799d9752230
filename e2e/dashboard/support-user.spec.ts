// A support user's day: find a customer's message by part of their number, open it, read its
// timeline, share the search as a link that reopens it; and the role's limits, enforced by the
// server: no send page, no send API, no spending.
import { execFileSync } from "node:child_process";
import { test, expect, signIn } from "../fixtures/test";

test("a support user finds a message and shares the search, but cannot send", async ({ page, request, demo, browser, dataDir, databaseUrl }) => {
  // A support colleague on the demo account, made by the owner on the command line.
  const email = `support-${Date.now()}@example.com`;
  const out = execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/cli.ts", "user", "create", "--account", demo.accountId, "--email", email, "--role", "support", "--name", "Sam Support", "--password", "support-password-1"],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ? databaseUrl.replace(/\/[^/]*$/, "/e2e") : "", LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  expect(JSON.parse(out)).toMatchObject({ email, role: "support" });

  // A customer's message, sent through the API.
  const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
  const token = (await (await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials", scope: "sms" } })).json()).access_token;
  const to = `+3069${String(Date.now() + 7).slice(-8)}`;
  const sent = await request.post("/api/sms", { headers: { Authorization: `Bearer ${token}` }, data: { from: "Switchboard", to, body: "Your parcel is on its way." } });
  expect(sent.ok()).toBe(true);

  await signIn(page, email, "support-password-1");
  await expect(page).not.toHaveURL(/\/login/);
  // The navigation offers tracking, not sending.
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Tracking", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Compose", exact: true })).toHaveCount(0);
  await nav.getByRole("link", { name: "Tracking", exact: true }).click();

  // Part of the number, as a caller would read it out.
  const part = to.slice(-7, -2);
  await page.getByLabel("Add a filter").selectOption("to");
  await page.getByLabel("Recipient value").fill(part);
  await expect(page).toHaveURL(/to=contains%3A/);
  const row = page.getByRole("row", { name: `Open the SMS to ${to}, part 1 of 1` });
  await expect(row).toBeVisible();
  await row.click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("heading", { name: `SMS to ${to}` })).toBeVisible();
  await expect(drawer.getByTestId("drawer-status")).toContainText("Delivered", { timeout: 20_000 });
  await expect(drawer).toContainText("Status timeline");
  await expect(drawer).toContainText("Queued");
  await expect(drawer).toContainText("Sent to the carrier");

  // The shared link reopens the same search, with the message open, in another browser window.
  const link = page.url();
  const other = await browser.newPage();
  await other.context().addCookies(await page.context().cookies());
  await other.goto(link);
  await expect(other.getByLabel("Recipient value")).toHaveValue(part);
  await expect(other.getByRole("dialog").getByRole("heading", { name: `SMS to ${to}` })).toBeVisible();

  // The send page refuses the role (the server renders the refusal, the link is not merely hidden)…
  await other.goto("/compose");
  await expect(other.getByTestId("role-refusal")).toContainText("Your role cannot");
  await expect(other.getByRole("button", { name: /^Send/ })).toHaveCount(0);
  // …and so does the API behind it, with the user's own session.
  const api = await other.request.post("/api/dashboard/sms", { data: { from: "Switchboard", to, body: "Should not leave" } });
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ code: "403000001" });
  await other.close();
});
