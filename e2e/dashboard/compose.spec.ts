// Compose: the analysis follows every keystroke (Unicode, transcoding, parts), the price comes
// from the destination, and a sent SMS is followed live on its page until it is delivered.
import type { Page } from "@playwright/test";
import { test, expect, signIn } from "../fixtures/test";

const greek = "Γειά σου κόσμε";
const long = " Καλημέρα σας, το δέμα σας έφτασε και σας περιμένει στο κατάστημα μέχρι την Παρασκευή.";

test("write an SMS with the live analysis, send it and watch it get delivered", async ({ page, demo }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await compose(page);
});

async function compose(page: Page) {
  const composeLink = page.getByRole("navigation").first().getByRole("link", { name: "Compose", exact: true });
  await expect(composeLink).not.toContainText("Soon");
  await composeLink.click();
  await expect(page.getByRole("heading", { level: 1, name: "Send SMS" })).toBeVisible();

  const analysis = page.getByRole("region", { name: "Message analysis" });
  await page.getByLabel("From", { exact: true }).fill("Switchboard");
  await page.getByLabel("To", { exact: true }).fill("+306912345678");
  const message = page.getByLabel("Message", { exact: true });

  // Greek: Unicode, and every letter has a GSM-7 look-alike.
  await message.pressSequentially(greek);
  await expect(analysis).toContainText("Unicode");
  await expect(analysis).toContainText("14 characters");
  await expect(analysis).toContainText("1 part");
  const transcode = analysis.getByRole("checkbox", { name: "Transcode" });
  await expect(transcode).toBeVisible();
  await expect(analysis.getByText("ΓEIA ΣOY KOΣME")).toBeVisible();
  await transcode.check();
  await expect(analysis).toContainText("GSM-7");
  await transcode.uncheck();
  await expect(analysis).toContainText("Unicode");

  // The price comes from the destination, once it has settled.
  await expect(analysis).toContainText("Greece (GR)");
  await expect(analysis).toContainText(/€0\.\d+ × 1 part = €0\.\d+/);

  // An emoji cannot be transcoded: the suggestion goes, the counts change.
  await message.pressSequentially(" 🎉");
  await expect(transcode).toHaveCount(0);
  await expect(analysis).toContainText("16 characters");
  await expect(analysis.getByRole("list", { name: "Characters outside GSM-7" })).toContainText("🎉");

  // Past 70 UTF-16 units the message is split into parts of 67.
  await message.pressSequentially(long);
  await expect(analysis).toContainText("2 parts");
  await expect(analysis).toContainText(/€0\.\d+ × 2 parts = €0\.\d+/);

  await page.getByRole("button", { name: "Send SMS" }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "SMS to +306912345678" })).toBeVisible();
  await expect(page.getByText(`${greek} 🎉${long}`)).toBeVisible();
  // The bundled SMSC simulator delivers after about 1.5 s; the page polls until then.
  await expect(page.getByTestId("message-status")).toHaveText("Delivered", { timeout: 20_000 });
  await expect(page.getByRole("table", { name: "Message parts" }).getByRole("row")).toHaveCount(3);
  const timeline = page.getByRole("list", { name: "Status timeline" });
  await expect(timeline).toContainText("Queued");
  await expect(timeline).toContainText("Sent");
  await expect(timeline).toContainText("Delivered");

  // Back on Compose, the message heads the recent list and links to its page.
  await page.getByRole("link", { name: "Compose", exact: true }).first().click();
  const recent = page.getByRole("link").filter({ hasText: "+306912345678" }).first();
  await expect(recent).toContainText("Delivered");
}
