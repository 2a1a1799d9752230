// Short links (issue 21) as a marketer uses them: the Send SMS page's toggle turns a long URL into
// a short link in the preview and the count drops to one part; the composer's toggle does the same
// in its preview; the campaign sent with it counts a real click (and not a messenger's preview),
// and its page makes a group of the clickers.
import { test, expect, signIn } from "../fixtures/test";

test.setTimeout(180_000);

const suffix = String(Date.now()).slice(-5);
const longUrl = `https://shop.example/collections/autumn-winter-2026/new-arrivals?utm_source=sms&utm_medium=text&campaign=autumn-arrivals&id=${suffix}0123456789012345`;
const text = `New arrivals are in, see them first: ${longUrl}`;
const shortLink = /http:\/\/localhost:\d+\/l\/[0-9A-Za-z]{8}/;

test("Send SMS and the composer show a short link in the preview; a campaign counts a click, not a prefetch, and groups the clickers", async ({ page, demo }) => {
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 90_000 });
  await page.goto("/compose");
  const analysis = page.getByRole("region", { name: "Message analysis" });
  await page.getByLabel("From", { exact: true }).fill("Switchboard");
  await page.getByLabel("To", { exact: true }).fill("+306912345678");
  await page.getByLabel("Message", { exact: true }).fill(text);
  await expect(analysis).toContainText("2 parts");
  await page.getByRole("checkbox", { name: "Shorten links and track clicks" }).check();
  await expect(page.getByTestId("short-link-preview")).toHaveText(new RegExp(`^New arrivals are in, see them first: ${shortLink.source}$`));
  await expect(analysis).toContainText("1 part");

  // The campaign composer: the same toggle, the preview, then a real click and a preview fetch.
  await page.goto("/campaigns/new");
  await page.getByLabel("Name", { exact: true }).fill(`Links ${suffix}`);
  await page.getByLabel("From", { exact: true }).fill("Switchboard");
  await page.getByRole("tab", { name: /Numbers/ }).click();
  await page.getByLabel("Phone numbers").fill([`+306945${suffix}1`, `+306945${suffix}2`, `+306945${suffix}3`].join("\n"));
  await page.getByLabel("Text", { exact: true }).fill(text);
  const counts = page.getByTestId("analysis-counts");
  await expect(counts).toContainText("2 parts");
  await page.getByRole("checkbox", { name: "Shorten links and track clicks" }).check();
  await expect(page.getByTestId("message-preview")).toHaveText(new RegExp(`^New arrivals are in, see them first: ${shortLink.source}$`));
  await expect(counts).toContainText("1 part");
  await expect(page.getByTestId("estimate-recipients")).toHaveText("3");

  await page.getByRole("button", { name: "Review and send" }).click();
  await page.getByRole("dialog", { name: "Send this campaign now?" }).getByRole("button", { name: "Send now" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const id = page.url().split("/").pop()!;
  await expect(page.getByTestId("campaign-state")).toHaveText("Finished", { timeout: 60_000 });
  await expect(page.getByTestId("clicks-ctr")).toHaveText("0.0%");

  // Each recipient's text holds its own short link; one recipient opens it, a messenger previews another's.
  const messages = await (await page.request.get(`/api/dashboard/campaigns/${id}/messages?size=10`)).json();
  const links = (messages.content as { body: string }[]).map((m) => shortLink.exec(m.body)![0]);
  expect(new Set(links).size).toBe(3);
  const opened = await page.request.get(links[0]!, { maxRedirects: 0, headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36" } });
  expect(opened.status()).toBe(302);
  expect(opened.headers().location).toBe(longUrl);
  const preview = await page.request.get(links[1]!, { maxRedirects: 0, headers: { "user-agent": "WhatsApp/2.24.6.77 A" } });
  expect(preview.status()).toBe(302);
  const unknown = await page.request.get(links[0]!.replace(/\/l\/.*/, "/l/zzzzzzzz"), { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("This link is not valid");

  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("clicks-unique")).toHaveText("1", { timeout: 8000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId("clicks-total")).toHaveText("1");
  await expect(page.getByTestId("clicks-prefetches")).toHaveText("1");
  await expect(page.getByTestId("clicks-ctr")).toHaveText("33.3%");
  await expect(page.getByTestId("clicks-link")).toContainText(longUrl.slice(0, 30));

  await page.getByLabel("Group name").fill(`Clicked ${suffix}`);
  await page.getByRole("button", { name: "Group who clicked" }).click();
  await expect(page.getByTestId("click-group-made")).toContainText(`Group “Clicked ${suffix}” holds 1 contact`);
});
