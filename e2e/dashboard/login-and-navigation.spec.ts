// Signing in with the printed demo user, moving through every section, signing out.
import { test, expect, signIn } from "../fixtures/test";

// The demo user is a platform administrator too, so the Operator area is one of them.
const sections = ["Overview", "Compose", "Campaigns", "Tracking", "Contacts", "Numbers", "Pools", "OTP", "Email", "Webhooks", "Applications", "API reference", "Settings", "Operator"];

test("a visitor is sent to the login page, and a wrong password is refused", async ({ page, demo }) => {
  await page.goto("/applications");
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, demo.userEmail, "not-the-password");
  await expect(page.getByText("The email or password is incorrect.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("the demo user signs in, sees the balance, visits every section and signs out", async ({ page, demo }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId("account-balance")).toHaveText(/€\d+\.\d{2}/);
  const nav = page.getByRole("navigation").first();
  for (const name of sections) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
});

test("navigation works from the keyboard", async ({ page, demo }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page.getByTestId("account-balance")).toBeVisible();
  const link = page.getByRole("navigation").first().getByRole("link", { name: "Applications", exact: true });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/applications$/);
});
