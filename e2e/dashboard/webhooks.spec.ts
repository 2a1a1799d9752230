// The webhook center from the dashboard: an SMS whose delivery report a receiver refuses (410
// Gone: failed at once, no retries), found on the Webhooks page by the message's trackingId, its
// response read in the drawer, replayed once the receiver is fixed, and seen delivered.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test, expect, signIn } from "../fixtures/test";

test("find a failed delivery by the message's trackingId, read its response, replay it, see it delivered", async ({ page, request, demo }) => {
  // An SMS to Delivered, its report refused, a sign-in and a replay: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  let status = 410;
  const seen: string[] = [];
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.push(String(req.headers["webhook-id"]));
      res.writeHead(status, { "content-type": "text/plain", "x-receiver": status === 200 ? "fixed" : "being-fixed" });
      res.end(status === 200 ? "thanks" : "receiver is being fixed");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dlr`;
  try {
    const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
    const token = (await (await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials", scope: "sms webhooks" } })).json()).access_token;
    const auth = { Authorization: `Bearer ${token}` };
    const sent = await request.post("/api/sms", { headers: auth, data: { from: "Switchboard", to: "+306912345678", body: "Webhook center e2e", callback: { url, strategy: "OnCompletion" } } });
    expect(sent.status()).toBe(200);
    const { trackingId } = await sent.json();
    await expect.poll(async () => (await (await request.get(`/api/webhooks/deliveries?resourceId=${trackingId}`, { headers: auth })).json()).content[0]?.state, { timeout: 30_000 }).toBe("failed");

    await signIn(page, demo.userEmail, demo.userPassword);
    await expect(page.getByTestId("account-balance")).toBeVisible({ timeout: 30_000 });
    await page.goto("/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    const resource = page.getByLabel("Message or campaign");
    await resource.fill(trackingId);
    await resource.press("Enter");
    await expect(page).toHaveURL(new RegExp(`resource=${trackingId}`));
    const rows = page.getByRole("table", { name: "Deliveries" }).getByRole("row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("Failed");
    await rows.nth(1).getByRole("button").click();

    const drawer = page.getByRole("dialog");
    await expect(drawer.getByTestId("delivery-state")).toHaveText("Failed");
    const response = drawer.getByRole("region", { name: "Response of attempt 1" });
    await expect(response).toContainText("HTTP 410");
    // Its headers; not its body: what a private address (this receiver's) answers is never kept.
    await expect(response).toContainText("being-fixed");
    await expect(response).not.toContainText("receiver is being fixed");
    await expect(drawer.getByRole("region", { name: "Request of attempt 1" })).toContainText("webhook-signature: v1,");

    status = 200;
    await drawer.getByRole("button", { name: "Replay" }).click();
    await expect(drawer.getByTestId("delivery-state")).toHaveText("Delivered", { timeout: 20_000 });
    await expect(drawer.getByRole("region", { name: "Response of attempt 2" })).toContainText("HTTP 200");
    await expect(drawer).toContainText(`replay by ${demo.userEmail}`);
    // The same callback, the same webhook-id, both times.
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  } finally {
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
  }
});
