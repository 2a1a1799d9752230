// Configuration for benchmarks that run our library code inside the bench process (B3, B5):
// imported first, before anything reads env(), so the process's settings are the bench's
// (a local callback receiver allowed, quiet logs, nothing written under the project's .data).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.ALLOW_PRIVATE_CALLBACK_URLS = "true";
process.env.LOG_LEVEL ??= "warn";
process.env.AUTH_SECRET ??= crypto.randomBytes(24).toString("hex");
if (!process.env.DATA_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-bench-env-"));
  process.env.DATA_DIR = dir;
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
}
