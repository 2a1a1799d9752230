// Tracking shows the route (issue 16): a sent message whose part was throttled by one connector
// and carried by another shows the carrier in the explorer's Connector column, is found with the
// connector filter, its drawer lists the hop and the connector that took it, and the reporting
// home shows an administrator the connector's cost and margin. The test writes the part's
// connector and hops into the database itself, so it needs the PostgreSQL server (the embedded
// database belongs to the server process while it runs).
import crypto from "node:crypto";
import pg from "pg";
import { test, expect, signIn } from "../fixtures/test";

test("the explorer shows each part's connector and the drawer every hop", async ({ page, request, demo, databaseUrl }) => {
  test.skip(!databaseUrl, "writes the parts' route into the database: PostgreSQL only");
  const db = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, "/e2e") });
  await db.connect();
  try {
    const tag = crypto.randomBytes(3).toString("hex");
    const [athens, berlin] = [`athens-${tag}`, `berlin-${tag}`];
    const { rows } = await db.query<{ id: string; name: string }>(`INSERT INTO connectors (name, host, port) VALUES ($1, '127.0.0.1', 2775), ($2, '127.0.0.1', 2776) RETURNING id, name`, [
      athens,
      berlin,
    ]);
    const berlinId = rows.find((r) => r.name === berlin)!.id;

    const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
    const token = (await (await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials", scope: "sms" } })).json()).access_token;
    const to = `+3069${String(Date.now()).slice(-8)}`;
    const sent = await request.post("/api/sms", { headers: { Authorization: `Bearer ${token}` }, data: { from: "Switchboard", to, body: "Which way did you go?" } });
    expect(sent.ok()).toBe(true);
    const { trackingId } = await sent.json();
    // Once the receipt is in, nothing else writes the part: give it the route it "took".
    await expect
      .poll(async () => (await (await request.get(`/api/sms/tracking/single/${trackingId}`, { headers: { Authorization: `Bearer ${token}` } })).json())[0]?.status?.status, { timeout: 20_000 })
      .toBe("Delivered");
    await db.query(`UPDATE message_parts SET connector_id = $2, cost_micros = 20000, route_hops = $3::jsonb WHERE message_id = $1`, [
      trackingId,
      berlinId,
      JSON.stringify([{ connector: athens, description: "ESME_RTHROTTLED (0x00000058): throttling error (too many submits)" }]),
    ]);

    await signIn(page, demo.userEmail, demo.userPassword);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/tracking");
    await page.getByLabel("Add a filter").selectOption("to");
    await page.getByLabel("Recipient value").fill(to);
    const row = page.getByRole("row", { name: `Open the SMS to ${to}, part 1 of 1` });
    await expect(row).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Connector" })).toBeVisible();
    await expect(row.getByRole("cell", { name: berlin, exact: true })).toBeVisible();

    // The connector filter: the other connector finds nothing, the carrier finds the part.
    await page.getByLabel("Add a filter").selectOption("connector");
    await page.getByLabel("Connector value").selectOption(athens);
    await expect(page).toHaveURL(/connector=is%3Aathens-/);
    await expect(page.getByText("No messages match")).toBeVisible();
    await page.getByLabel("Connector value").selectOption(berlin);
    await expect(row).toBeVisible();

    await row.click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("heading", { name: `SMS to ${to}` })).toBeVisible();
    const route = drawer.getByRole("list", { name: "Route of each part" });
    await expect(route).toContainText(`${athens}throttling error (too many submits) (ESME_RTHROTTLED)`);
    await expect(route).toContainText(`${berlin}Delivered`);

    // The demo user is a platform administrator: the reporting home adds up cost and margin per connector.
    await page.goto("/");
    const byConnector = page.getByRole("table", { name: "Cost and margin by connector" });
    await expect(async () => {
      await page.reload();
      await expect(byConnector.getByRole("row", { name: new RegExp(berlin) })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
  } finally {
    await db.end();
  }
});
