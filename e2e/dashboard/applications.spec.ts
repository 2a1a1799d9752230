// An owner creates an application, copies the secret shown once, uses it, and revokes it.
import { test, expect, signIn } from "../fixtures/test";

test("create an application, use its secret, revoke it", async ({ page, demo, request }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await page.getByRole("navigation").first().getByRole("link", { name: "Applications", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Demo application")).toBeVisible();

  const name = `Checkout ${Date.now()}`;
  await page.getByRole("button", { name: "New application" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create application" }).click();

  const shown = page.getByRole("dialog");
  await expect(shown.getByText(/will not be shown again/i)).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, with the line breaks between the id, the secret and their labels
  const text = await shown.innerText();
  // Short enough for clients that wrap Base64 at 60 characters: a 24-hex id and a 20-character secret.
  const id = text.split(/\s+/).find((w) => /^[0-9a-f]{24}$/.test(w));
  const secret = text.split(/\s+/).find((w) => /^[A-Za-z0-9]{20}$/.test(w));
  expect(id).toBeTruthy();
  expect(secret).toBeTruthy();

  const basic = `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
  const ok = await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials" } });
  expect(ok.status()).toBe(200);

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(page.getByText(secret!)).toHaveCount(0);
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  const refused = await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials" } });
  expect(refused.status()).toBe(401);
});
