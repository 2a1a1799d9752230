// The command line while the server runs: with PGlite the server owns the data folder, so the
// command goes through it; the account it creates can sign in at once.
import { execFileSync } from "node:child_process";
import { test, expect, signIn } from "../fixtures/test";

test("creates an account and user from the command line, then that user signs in", async ({ page, dataDir, databaseUrl }) => {
  const email = `cli-${Date.now()}@example.com`;
  const out = execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/cli.ts", "account", "create", "--name", "Made On The CLI", "--balance", "12", "--user-email", email, "--user-password", "a-long-password"],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ? databaseUrl.replace(/\/[^/]*$/, "/e2e") : "", LOG_LEVEL: "silent" },
      encoding: "utf8",
    },
  );
  expect(JSON.parse(out)).toMatchObject({ name: "Made On The CLI", balance: 12, userEmail: email });
  await signIn(page, email, "a-long-password");
  await expect(page.getByText("Made On The CLI").first()).toBeVisible();
  await expect(page.getByText("€12.00").first()).toBeVisible();
});
