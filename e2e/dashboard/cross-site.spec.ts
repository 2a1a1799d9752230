// A page on a sibling site (another port of the same host: same site, so SameSite=Lax lets the
// session cookie go) tries to add an owner to the signed-in user's account with a real form and a
// real fetch; both are refused, and the dashboard still changes data itself. Also the security
// headers a page of the dashboard carries.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test, expect, signIn } from "../fixtures/test";

function attackerPage(target: string, tag: string): string {
  const url = `${target}/api/dashboard/users`;
  // text/plain form encoding writes name=value: the name opens the JSON, the value closes it.
  const formName = JSON.stringify({ email: `form-${tag}@example.com`, role: "owner", x: "" }).slice(0, -2);
  return `<!doctype html><title>Win a prize</title>
<form id="f" method="POST" action="${url}" enctype="text/plain"><input type="hidden" name='${formName}' value='"}'></form>
<script>
  fetch(${JSON.stringify(url)}, { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" },
    body: ${JSON.stringify(JSON.stringify({ email: `fetch-${tag}@example.com`, role: "owner" }))} })
    .finally(() => { document.title = "fetched"; document.getElementById("f").submit(); });
</script>`;
}

test("another site's form and fetch cannot change the account", async ({ page, demo, baseURL }) => {
  const tag = String(Date.now());
  const attacker = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(attackerPage(baseURL!, tag)));
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  const attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
  try {
    await signIn(page, demo.userEmail, demo.userPassword);
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });

    const answer = page.waitForResponse((r) => r.url().endsWith("/api/dashboard/users") && r.request().method() === "POST" && r.request().isNavigationRequest());
    await page.goto(attackerUrl);
    // The form's POST, sent with the cookie, is answered 403.
    expect((await answer).status()).toBe(403);
    await expect(page.locator("body")).toContainText("403000003");

    const emails = (await (await page.request.get("/api/dashboard/users")).json()).content.map((u: { email: string }) => u.email);
    expect(emails).not.toContain(`form-${tag}@example.com`);
    expect(emails).not.toContain(`fetch-${tag}@example.com`);
  } finally {
    attacker.close();
  }

  // The dashboard itself still adds a user.
  await page.goto("/settings/users");
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(`own-${tag}@example.com`);
  await dialog.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByText(`own-${tag}@example.com`).first()).toBeVisible();
});

test("dashboard pages cannot be framed and say what they may load", async ({ request }) => {
  const r = await request.get("/login");
  expect(r.headers()["x-frame-options"]).toBe("DENY");
  expect(r.headers()["x-content-type-options"]).toBe("nosniff");
  expect(r.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(r.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(r.headers()["content-security-policy"]).toContain("form-action 'self'");
  const api = await request.get("/api/openapi.json");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
});
