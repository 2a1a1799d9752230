// OTP in the dashboard: start a test flow to the number Viber never delivers (…0006) and watch
// it fail over to SMS in the viewer until it ends Succeeded.
import { test, expect, signIn } from "../fixtures/test";

test("start a test OTP flow and watch it fail over from Viber to SMS", async ({ page, demo }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/);
  const link = page.getByRole("navigation").first().getByRole("link", { name: "OTP", exact: true });
  await expect(link).not.toContainText("Soon");
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "OTP" })).toBeVisible();

  await page.getByLabel("Phone number").fill("+306912340006");
  await page.getByLabel("Viber window (seconds)").fill("30");
  await page.getByRole("button", { name: "Send code" }).click();

  const panel = page.getByTestId("flow-panel");
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/\?flow=[0-9a-f-]{36}/);
  const primary = panel.getByTestId("step-0");
  await expect(primary).toContainText("Viber");
  // Viber reports EXPIRED, the code goes over SMS, the SMS is delivered.
  await expect(primary).toContainText("expired", { timeout: 20_000 });
  const failover = panel.getByTestId("step-1");
  await expect(failover).toContainText("SMS", { timeout: 20_000 });
  await expect(failover).toContainText("delivered", { timeout: 20_000 });
  await expect(panel.getByText("Succeeded").first()).toBeVisible();
  await expect(failover).toContainText("Fails over from");
  await expect(panel.getByRole("list", { name: "Timeline" })).toContainText("Failed over to SMS from viber");
  // The list agrees.
  await expect(page.getByRole("list", { name: "OTP flows" }).getByRole("button").first()).toContainText("Succeeded");
});
