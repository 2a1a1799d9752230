// Numbers and pools in the dashboard: search and rent two numbers (their cost shown first),
// group them in a pool, send through it twice and see the sticky sender, set the sender's
// inbound callback, and receive an inbound reply — in the conversation view and at the callback.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test, expect, signIn } from "../fixtures/test";

test("rent numbers, pool them, send with a sticky sender and receive a reply", async ({ page, demo }) => {
  test.setTimeout(120_000);
  const received: any[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push(JSON.parse(body));
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/inbound`;

  try {
    await signIn(page, demo.userEmail, demo.userPassword);
    await expect(page).not.toHaveURL(/\/login/);
    await page.getByRole("navigation").first().getByRole("link", { name: "Numbers", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Numbers" })).toBeVisible();

    // Search Greece, SMS numbers; rent two, each after reading its cost.
    const rented: string[] = [];
    for (let i = 0; i < 2; i++) {
      const rentButton = page.getByRole("button", { name: "Rent a number" });
      // Once the list has loaded: the button when the account has numbers, else the search itself.
      await expect(rentButton.or(page.getByLabel("Country"))).toBeVisible();
      if (await rentButton.isVisible()) await rentButton.click();
      await page.getByLabel("Country").selectOption("GR");
      await page.getByLabel("Service").selectOption("Sms");
      const results = page.getByRole("table", { name: "Available numbers" });
      // The previous list stays up until the SMS search answers: wait until it shows only SMS
      // numbers, or the row clicked may be a voice-only one about to go.
      await expect(
        results
          .getByRole("row")
          .filter({ has: page.getByRole("cell") })
          .filter({ hasNotText: "Sms" }),
      ).toHaveCount(0);
      await expect(results).not.toHaveAttribute("aria-busy");
      const first = results.getByRole("button", { name: /^Rent \+30/ }).first();
      await expect(first).toBeVisible();
      const msisdn = (await first.getAttribute("aria-label"))!.replace("Rent ", "");
      await first.click();
      const dialog = page.getByRole("dialog", { name: `Rent ${msisdn}` });
      await expect(dialog.getByText("Charged now")).toBeVisible();
      await expect(dialog.getByText("€2.00")).toBeVisible(); // activation
      await expect(dialog.getByText("€3.50").first()).toBeVisible(); // monthly
      await dialog.getByRole("button", { name: "Rent for €5.50" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("table", { name: "Your numbers" }).getByRole("link", { name: msisdn })).toBeVisible();
      rented.push(msisdn);
    }

    // A pool of the two numbers.
    await page.getByRole("navigation").first().getByRole("link", { name: "Pools", exact: true }).click();
    await page.getByRole("button", { name: "New pool" }).first().click();
    const poolDialog = page.getByRole("dialog", { name: "New pool" });
    const poolName = `Greek care ${Date.now() % 100_000}`;
    await poolDialog.getByLabel("Name").fill(poolName);
    for (const msisdn of rented) await poolDialog.getByRole("checkbox", { name: new RegExp(`\\${msisdn}`) }).check();
    await poolDialog.getByRole("button", { name: "Create pool" }).click();
    await expect(poolDialog).toBeHidden();
    const card = page.getByTestId("pool-card").filter({ hasText: poolName });
    await expect(card).toContainText("Numbers (2)");

    // Two sends to one recipient: the same number both times, the second because it is sticky.
    await card.getByRole("button", { name: "Send" }).click();
    const send = page.getByRole("dialog", { name: `Send through “${poolName}”` });
    await send.getByLabel("To", { exact: true }).fill("+306912345678");
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await expect(send.getByTestId("pool-sender")).toHaveCount(1);
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await expect(send.getByTestId("pool-sender")).toHaveCount(2);
    const senders = await send.getByTestId("pool-sender").allTextContents();
    expect(senders[0]).toBe(senders[1]);
    expect(rented).toContain(senders[0]);
    await expect(send.getByRole("listitem").first()).toContainText("sticky");
    await page.keyboard.press("Escape");
    await expect(send).toBeHidden();

    // The sender's page: set its inbound callback, then a reply arrives from the recipient.
    const sender = senders[0]!;
    await page.goto(`/numbers/${sender.slice(1)}`);
    await expect(page.getByRole("heading", { level: 1, name: sender })).toBeVisible();
    await page.getByLabel("Inbound SMS callback URL").fill(callbackUrl);
    await page.getByRole("button", { name: "Save callbacks" }).click();
    await expect(page.getByText("Callbacks saved")).toBeVisible();

    await page.getByRole("button", { name: "Simulate inbound" }).click();
    const sim = page.getByRole("dialog", { name: "Simulate an inbound SMS" });
    await sim.getByLabel("From").fill("+306912345678");
    await sim.getByLabel("Message").fill("Thanks, see you Friday!");
    await sim.getByRole("button", { name: `Send to ${sender}` }).click();
    await expect(sim).toBeHidden();

    const thread = page.getByRole("region", { name: "Conversation with +306912345678" });
    await expect(thread.getByText("Thanks, see you Friday!")).toBeVisible();
    await expect(thread.locator('[data-direction="Outbound"]')).toHaveCount(2);
    await expect(thread.locator('[data-direction="Inbound"]')).toHaveCount(1);

    // The reply box answers from the number.
    await thread.getByLabel("Reply to +306912345678").fill("See you!");
    await thread.getByRole("button", { name: "Send", exact: true }).click();
    await expect(thread.locator('[data-direction="Outbound"]')).toHaveCount(3);

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(received[0]).toMatchObject({ from: "+306912345678", to: sender, message: "Thanks, see you Friday!", parts: 1, originatingService: "Sms", direction: "Inbound" });
  } finally {
    receiver.close();
  }
});
