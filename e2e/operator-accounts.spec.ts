// The operator console as a platform administrator uses it: open an account for a customer,
// credit it, give it its own prices from a CSV file (and see its owner quoted them), suspend it
// (its owner is refused at sign-in and told why) and reactivate it. Its owner, who is not an
// administrator, gets a 404 on the Operator area and no link to it.
import { test, expect, signIn } from "./fixtures/test";

// Two users, a dozen pages and dialogs: more than the default minute on a busy machine.
test.setTimeout(180_000);

test("an administrator opens, credits, prices, suspends and reactivates an account; a customer gets 404 on /operator", async ({ page, browser, demo }) => {
  const tag = Date.now().toString(36);
  const ownerEmail = `owner-${tag}@globex.example`;

  // The demo user the first start seeded runs the platform.
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await page.getByRole("navigation").first().getByRole("link", { name: "Operator", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operator" })).toBeVisible();
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Accounts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Accounts" })).toContainText("Demo Company");

  // Open an account with its first owner.
  await page.getByRole("button", { name: "Open an account" }).click();
  const open = page.getByRole("dialog", { name: "Open an account" });
  await open.getByLabel("Account name").fill(`Globex ${tag}`);
  await open.getByLabel("Opening credit").fill("5");
  await open.getByLabel("Owner's email").fill(ownerEmail);
  await open.getByRole("button", { name: "Open account" }).click();
  const opened = page.getByRole("dialog", { name: "Account opened" });
  const password = (await opened.getByTestId("opened-owner-password").textContent())!.trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await opened.getByRole("link", { name: "Go to the account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Globex ${tag}`) })).toContainText("Active");
  await expect(page.getByTestId("operator-account-balance")).toHaveText("€5.00");

  // Credit it, with the reason in its ledger.
  await page.getByRole("button", { name: "Credit or debit" }).click();
  const credit = page.getByRole("dialog", { name: "Credit or debit" });
  await credit.getByLabel("Amount (EUR)").fill("20");
  await credit.getByLabel("Reason").fill("Bank transfer 2026-11");
  await credit.getByRole("button", { name: "Credit account" }).click();
  await expect(page.getByTestId("operator-account-balance")).toHaveText("€25.00");
  await expect(page.getByRole("table", { name: "Ledger" })).toContainText("Bank transfer 2026-11");

  // Its own prices from a CSV file.
  await page.getByTestId("price-csv-input").setInputFiles({ name: "globex-prices.csv", mimeType: "text/csv", buffer: Buffer.from("country,network,price\nGR,,0.0123\nGR,20201,0.011\n") });
  const prices = page.getByRole("table", { name: "Own prices" });
  await expect(prices.getByRole("row")).toHaveCount(3);
  await expect(prices).toContainText("Greece (GR)");
  await expect(prices).toContainText("€0.0123");
  await expect(prices).toContainText("Cosmote · 20201");

  // The owner signs in: the price is what the send page quotes; the Operator area does not exist for them.
  const customer = await browser.newPage();
  await signIn(customer, ownerEmail, password);
  await expect(customer).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(customer.getByRole("navigation").first().getByRole("link", { name: "Operator", exact: true })).toHaveCount(0);
  await customer.goto("/compose");
  await customer.getByLabel("From", { exact: true }).fill("Globex");
  await customer.getByLabel("To", { exact: true }).fill("+306912345678");
  await customer.getByLabel("Message", { exact: true }).fill("Hello from Globex");
  await expect(customer.getByTestId("cost-total")).toHaveText("€0.0123");
  const notFound = await customer.goto("/operator/accounts");
  expect(notFound?.status()).toBe(404);
  await expect(customer.getByText(/could not be found|not found/i).first()).toBeVisible();
  expect((await customer.request.get("/api/operator/accounts")).status()).toBe(403);

  // Suspended: the owner's next page sends them to sign in, which refuses them and says why.
  await page.getByRole("button", { name: "Suspend" }).click();
  const suspend = page.getByRole("dialog", { name: `Suspend Globex ${tag}?` });
  await suspend.getByLabel("Reason").fill("Unpaid invoice 2026-11");
  await suspend.getByRole("button", { name: "Suspend account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Globex ${tag}`) })).toContainText("Suspended");
  await expect(page.getByRole("alert").filter({ hasText: "Suspended since" })).toContainText("Unpaid invoice 2026-11");

  await customer.goto("/");
  await expect(customer).toHaveURL(/\/login/);
  await expect(customer.getByText("Your account is suspended by the platform operator")).toBeVisible();
  await customer.getByLabel("Email").fill(ownerEmail);
  await customer.getByLabel("Password").fill(password);
  await customer.getByRole("button", { name: "Sign in" }).click();
  await expect(customer.getByText(/suspended by the platform operator \(Unpaid invoice 2026-11\)/)).toBeVisible();
  await expect(customer).toHaveURL(/\/login/);

  // Reactivated: the owner signs in again.
  await page.getByRole("button", { name: "Reactivate" }).click();
  await page
    .getByRole("dialog", { name: `Reactivate Globex ${tag}?` })
    .getByRole("button", { name: "Reactivate" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Globex ${tag}`) })).toContainText("Active");
  await customer.getByRole("button", { name: "Sign in" }).click();
  await expect(customer).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await customer.close();
});
