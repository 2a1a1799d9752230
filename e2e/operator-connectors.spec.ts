// Connectors and routes from the operator console, as a platform administrator works: add a
// connector, stop and start it, give it costs from a CSV file, route Greece through it, ask the
// route tester where a Greek number goes, then take the route and the connector away again.
import pg from "pg";
import { test, expect, signIn } from "./fixtures/test";

test("an administrator adds a connector and a route, tests the route, stops and starts the connector", async ({ page, demo }) => {
  test.setTimeout(180_000);
  const name = `e2e-athens-${Date.now().toString(36)}`;
  await signIn(page, demo.userEmail, demo.userPassword);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await page.goto("/operator");
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Connectors" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connectors" })).toBeVisible();

  // A connector, with an option from the SMPP details.
  await page.getByRole("button", { name: "New connector" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New connector" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Host").fill("127.0.0.1");
  await dialog.getByLabel("Port").fill("65000");
  await dialog.getByLabel("system_id").fill("acme");
  await dialog.getByLabel("Password").fill("e2e-secret");
  await dialog.getByLabel("Binds").fill("2");
  await dialog.getByText("SMPP details").click();
  await dialog.getByLabel("data_coding of GSM-7 text").selectOption("3");
  await dialog.getByRole("button", { name: "Add connector" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("connector-card").filter({ hasText: name });
  await expect(card).toContainText("smpp://acme@127.0.0.1:65000");
  await expect(card).toContainText("2 binds × window 10");
  await expect(card).toContainText("GSM-7 as data_coding 3");
  await expect(page.locator("body")).not.toContainText("e2e-secret");

  // Stop and start it.
  await card.getByRole("button", { name: "Stop" }).click();
  await expect(card).toContainText("stopped");
  await card.getByRole("button", { name: "Start" }).click();
  await expect(card.getByRole("button", { name: "Stop" })).toBeVisible();

  // A bad edit is refused on its field.
  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Edit “${name}”` });
  await edit.getByLabel("Port").fill("70000");
  await edit.getByRole("button", { name: "Save connector" }).click();
  await expect(edit.getByText("port must be at most 65535")).toBeVisible();
  await edit.getByLabel("Port").fill("65001");
  await edit.getByRole("button", { name: "Save connector" }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText("127.0.0.1:65001");

  // Its costs from a CSV file.
  await card.getByRole("link", { name: "costs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Costs" })).toBeVisible();
  await page.getByLabel(`CSV file of ${name}'s costs`).setInputFiles({ name: "costs.csv", mimeType: "text/csv", buffer: Buffer.from("country,network,cost\nGR,,0.021\nGR,20201,0.018\n") });
  const costs = page.getByRole("table", { name: `Costs of ${name}` });
  await expect(costs.getByRole("row")).toHaveCount(3);
  await expect(costs).toContainText("Greece (GR)");
  await expect(costs).toContainText("20201");

  // A route for Greece through it.
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Routes" }).click();
  await page.getByRole("button", { name: "New route" }).first().click();
  const route = page.getByRole("dialog", { name: "New route" });
  await route.getByLabel("Name").fill(`Greece via ${name}`);
  await route.getByLabel("Countries").fill("GR");
  await route.getByLabel("Connector 1", { exact: true }).selectOption({ label: name });
  await route.getByRole("button", { name: "Add route" }).click();
  await expect(route).toBeHidden();
  const table = page.getByRole("table", { name: "Routes" });
  const row = table.getByRole("row").filter({ hasText: `Greece via ${name}` });
  await expect(row).toContainText("country=GR");
  await expect(row).toContainText(name);

  // A malformed prefix is refused on its field.
  await page.getByRole("button", { name: "New route" }).first().click();
  const bad = page.getByRole("dialog", { name: "New route" });
  await bad.getByLabel("Number prefixes").fill("30a");
  await bad.getByLabel("Connector 1", { exact: true }).selectOption({ label: name });
  await bad.getByRole("button", { name: "Add route" }).click();
  await expect(bad.getByText('"30a" is not a number prefix')).toBeVisible();
  await bad.getByRole("button", { name: "Cancel" }).click();

  // The route tester names the connector and the rule.
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Route tester" }).click();
  await page.getByLabel("To", { exact: true }).fill("+306912345678");
  await page.getByLabel(/^From/).fill("Acme");
  await page.getByRole("button", { name: "Test route" }).click();
  const result = page.getByTestId("route-test-result");
  await expect(result).toContainText(`Goes to ${name}`);
  await expect(result).toContainText(`Greece via ${name}`);
  await expect(result).toContainText("Greece");

  // A stopped connector is passed over by the tester too.
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Connectors" }).click();
  await card.getByRole("button", { name: "Stop" }).click();
  await expect(card).toContainText("stopped");
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Route tester" }).click();
  await page.getByLabel("To", { exact: true }).fill("+306912345678");
  await page.getByRole("button", { name: "Test route" }).click();
  await expect(page.getByTestId("route-test-result")).toContainText("Would not be sent now");

  // A connector that a route uses cannot be deleted; without the route it can.
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Connectors" }).click();
  await card.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: `Delete connector “${name}”?` });
  await expect(confirm).toContainText("1 route sends through it");
  await expect(confirm.getByRole("button", { name: "Delete connector" })).toBeDisabled();
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Routes" }).click();
  await table
    .getByRole("row")
    .filter({ hasText: `Greece via ${name}` })
    .getByRole("button", { name: "Delete" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete route" }).click();
  await expect(table.getByRole("row").filter({ hasText: `Greece via ${name}` })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Connectors" }).click();
  await card.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete connector" }).click();
  await expect(page.getByTestId("connector-card").filter({ hasText: name })).toHaveCount(0);
});

test("the Connectors page shows the status workers write, per bind, and follows it live", async ({ page, demo, databaseUrl }) => {
  test.skip(!databaseUrl, "writes connector_status rows straight into PostgreSQL (the embedded database belongs to its server)");
  test.setTimeout(120_000);
  const db = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, "/e2e") });
  await db.connect();
  try {
    const name = `e2e-live-${Date.now().toString(36)}`;
    await signIn(page, demo.userEmail, demo.userPassword);
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
    const created = await page.request.post("/api/operator/connectors", { data: { name, host: "127.0.0.1", port: 65002, binds: 2 } });
    expect(created.ok()).toBe(true);
    const { id } = await created.json();
    const report = (state: string, binds: unknown[], rates: Record<string, unknown>) =>
      db.query(
        `INSERT INTO connector_status (connector_id, worker, state, binds, counters, rates, breaker, updated_at) VALUES ($1, 'e2e-worker:1', $2, $3, $4, $5, 'closed', now())
         ON CONFLICT (connector_id, worker) DO UPDATE SET state = excluded.state, binds = excluded.binds, counters = excluded.counters, rates = excluded.rates, updated_at = now()`,
        [id, state, JSON.stringify(binds), JSON.stringify({ inFlight: 7, window: 20 }), JSON.stringify(rates)],
      );
    const since = new Date(Date.now() - 120_000).toISOString();
    await report(
      "degraded",
      [
        { index: 0, kind: "transceiver", state: "bound", since, inFlight: 7 },
        { index: 1, kind: "transceiver", state: "down", lastError: "connect ECONNREFUSED 127.0.0.1:65002", since, inFlight: 0 },
      ],
      { submitsPerSecond: 42.5, receiptsPerSecond: 40, throttledPerSecond: 1.5, latencyMs: { mean: 31, p95: 80 } },
    );
    await page.goto("/operator/connectors");
    const worker = page.getByTestId("connector-card").filter({ hasText: name }).getByRole("region", { name: "Worker e2e-worker:1" });
    await expect(worker).toContainText("degraded");
    await expect(worker).toContainText("7 / 20");
    await expect(worker).toContainText("43");
    await expect(worker).toContainText("31 ms (p95 80 ms)");
    await expect(worker.getByRole("table")).toContainText("connect ECONNREFUSED 127.0.0.1:65002");

    // The workers' next report shows without a reload.
    await report(
      "bound",
      [
        { index: 0, kind: "transceiver", state: "bound", since, inFlight: 3 },
        { index: 1, kind: "transceiver", state: "bound", since: new Date().toISOString(), inFlight: 4 },
      ],
      { submitsPerSecond: 50, receiptsPerSecond: 49, throttledPerSecond: 0, latencyMs: { mean: 25, p95: 60 } },
    );
    await expect(worker.getByRole("table")).not.toContainText("ECONNREFUSED", { timeout: 8_000 });
    await expect(worker).toContainText("bound");
    await page.request.delete(`/api/operator/connectors/${id}`);
  } finally {
    await db.end();
  }
});
