// Guessing a password on the sign-in page: after a few wrong ones for an email, the page says how
// long to wait (the server answered 429 with Retry-After). Each wait is twice the one before, so
// however slow the machine, a later try falls within one.
import { test, expect } from "../fixtures/test";

test("repeated wrong passwords make the sign-in page ask to wait", async ({ page }) => {
  test.setTimeout(180_000);
  const email = `nobody-${Date.now()}@example.com`;
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  const refusals: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/api/auth/callback/credentials")) refusals.push(r.status());
  });
  const told = page.getByText(/Too many failed sign-ins\. For your account's safety, try again in (\d+ seconds?|a minute|\d+ minutes)\./);
  for (let i = 0; i < 14 && !(await told.isVisible()); i++) {
    await page.getByLabel("Password").fill(`guess number ${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Each answer before the next try (a hash each, until the waiting starts).
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByRole("alert").filter({ hasText: /incorrect|Too many/ })).toBeVisible();
  }
  await expect(told).toBeVisible();
  expect(refusals.at(-1)).toBe(429);
});
