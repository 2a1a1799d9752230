// The README's curl walk-throughs, run verbatim with bash against this server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { test, expect } from "../fixtures/test";

function block(readme: string, heading: string): string {
  const section = readme.split(`## ${heading}`)[1] ?? "";
  const script = /```bash\n([\s\S]*?)```/.exec(section)?.[1];
  expect(script, `README has a bash block under '## ${heading}'`).toBeTruthy();
  return script!;
}

// BASE is the API's address under /api, or the host alone (Routee's clients use the root).
for (const form of ["/api", ""])
  test(`the README walk-throughs work as written, with BASE=host${form}`, async ({ baseURL, dataDir, demo }) => {
    expect(demo.applicationId).toBeTruthy();
    const readme = fs.readFileSync("README.md", "utf8");
    const env = { ...process.env, SWITCHBOARD_URL: baseURL!, DATA_DIR: dataDir, BASE: `${baseURL}${form}` };
    const tokens = block(readme, "Try the API");
    const out = execFileSync("bash", ["-euo", "pipefail", "-c", tokens], { env, encoding: "utf8" });
    expect(out).toContain('"token_type":"bearer"');
    expect(out).toMatch(/"balance":\d+(\.\d+)?,"currency":\{"code":"EUR"/);
    expect(out).toContain('"code":"401000000"');
    // The SMS section continues in the same shell.
    const sms = execFileSync("bash", ["-euo", "pipefail", "-c", `${tokens}\n${block(readme, "Send an SMS")}`], { env, encoding: "utf8", timeout: 60_000 });
    expect(sms).toContain('"transcode":{"message":"KAΛHMEPA!","parts":1}');
    expect(sms).toMatch(/"status":\{"status":"Delivered"/);
    // The campaign section continues from the first one's variables.
    const campaign = execFileSync("bash", ["-euo", "pipefail", "-c", `${tokens}\n${block(readme, "Send a campaign")}`], { env, encoding: "utf8", timeout: 60_000 });
    expect(campaign).toContain('"numberOfRecipients":3');
    expect(campaign).toContain('{"state":"Finished","statuses":{"Queued":0,"Sent":0,"Failed":0,"Unsent":0,"Delivered":3,"Undelivered":0}}');
    // The 2Step section: Pending, a wrong answer keeps it Pending, the report counts it, then Cancelled.
    const twoStep = execFileSync("bash", ["-euo", "pipefail", "-c", `${tokens}\n${block(readme, "2Step verification")}`], { env, encoding: "utf8", timeout: 60_000 });
    expect(twoStep).toMatch(/"status":"Pending"/);
    expect(twoStep).toMatch(/"totals":\{"Pending":\d+/);
    expect(twoStep).toContain('"status":"Cancelled"');
  });
