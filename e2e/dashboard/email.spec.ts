// Email in the dashboard: send a test email, see it captured by the SMTP sink, open it and click
// a link (real HTTP GETs of its pixel and link), and see the open and the click appear.
import { test, expect, signIn } from "../fixtures/test";

test("send an email and see its open and click appear", async ({ page, demo }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/);
  const link = page.getByRole("navigation").first().getByRole("link", { name: "Email", exact: true });
  await expect(link).not.toContainText("Soon");
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Email" })).toBeVisible();

  await page.getByLabel("Subject").fill("E2E welcome");
  await page.getByRole("button", { name: "Send email" }).click();
  const panel = page.getByTestId("email-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Sent", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId("opens")).toHaveText("0");

  // What a mail client does: fetch the pixel, follow a link.
  const emailId = new URL(page.url()).searchParams.get("email");
  const detail = await (await page.request.get(`/api/dashboard/email/${emailId}`)).json();
  const pixel = /<img [^>]*src="([^"]+)"/.exec(detail.html)![1]!;
  const tracked = /href="([^"]+\/t\/c\/[^"]+)"/.exec(detail.html)![1]!;
  expect((await page.request.get(new URL(pixel).pathname)).status()).toBe(200);
  const click = await page.request.get(new URL(tracked).pathname, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toBe("https://example.com/getting-started");

  await expect(panel.getByTestId("opens")).toHaveText("1", { timeout: 10_000 });
  await expect(panel.getByTestId("clicks")).toHaveText("1");
  await expect(panel.getByRole("table", { name: "Events" })).toContainText("https://example.com/getting-started");
  await expect(panel.getByRole("region", { name: "Opens and clicks over time" })).toBeVisible();

  // The SMTP sink received it.
  await page.getByRole("tab", { name: "SMTP sink" }).click();
  const captured = page.getByRole("list", { name: "Captured mail" });
  await expect(captured).toContainText("E2E welcome");
  await captured.getByRole("button", { name: /E2E welcome/ }).click();
  await expect(page.frameLocator("iframe[title^='Captured HTML']").getByRole("heading", { name: "Welcome!" })).toBeVisible();
});
