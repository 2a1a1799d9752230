// The audit log: an owner changes a colleague's role and rotates the webhook secret, then finds
// both in Settings › Audit log with who did it and from which address, filters by action, and
// downloads the log as CSV.
import { test, expect, signIn } from "../fixtures/test";

test("an owner finds a role change and a secret rotation in the audit log", async ({ page, demo }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });

  // A colleague to change.
  const colleague = `auditor-${Date.now()}@example.com`;
  await page.goto("/settings/users");
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(colleague);
  await dialog.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("dialog").getByText(colleague).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByLabel(`Role of ${colleague}`).selectOption("marketer");
  await expect(page.getByText("Role changed")).toBeVisible();

  await page.goto("/applications");
  await page.getByRole("button", { name: "Rotate…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByText("Webhook secret rotated")).toBeVisible();

  await page.goto("/settings");
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit log" });
  const roleRow = table.getByRole("row").filter({ hasText: "user.role-changed" }).first();
  await expect(roleRow).toContainText(demo.userEmail);
  await expect(roleRow).toContainText("role: marketer");
  await expect(roleRow).toContainText(/127\.0\.0\.1|::1/);
  const secretRow = table.getByRole("row").filter({ hasText: "webhook-secret.rotated" }).first();
  await expect(secretRow).toContainText(demo.userEmail);
  await expect(secretRow).toContainText(/127\.0\.0\.1|::1/);
  // The sign-in is there too.
  await expect(
    table
      .getByRole("row")
      .filter({ hasText: /^.*sign-in(?!\.failed)/ })
      .first(),
  ).toBeVisible();

  // Only one action.
  await page.getByLabel("Action").selectOption("webhook-secret.rotated");
  await expect(table.getByRole("row").filter({ hasText: "user.role-changed" })).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: "webhook-secret.rotated" }).first()).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text).toContain("webhook-secret.rotated");
  expect(text).not.toContain("user.role-changed");
});
