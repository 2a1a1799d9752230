// The README's curl walk-through, run verbatim with bash against this server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { test, expect } from "../fixtures/test";

test("the README walk-through works as written", async ({ baseURL, dataDir, demo }) => {
  expect(demo.applicationId).toBeTruthy();
  const readme = fs.readFileSync("README.md", "utf8");
  const section = readme.split("## Try the API")[1] ?? "";
  const script = /```bash\n([\s\S]*?)```/.exec(section)?.[1];
  expect(script, "README has a bash block under '## Try the API'").toBeTruthy();
  const out = execFileSync("bash", ["-euo", "pipefail", "-c", script!], {
    env: { ...process.env, SWITCHBOARD_URL: baseURL!, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  expect(out).toContain('"token_type":"bearer"');
  expect(out).toContain('"balance":100');
  expect(out).toContain('"code":"401000000"');
});
