import { performance } from "node:perf_hooks";
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "./hashing.ts";

describe("password hashes", () => {
  it("verify the right password only, salted", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("correct horse battery", "scrypt$garbage")).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("still verify bcrypt hashes of before, which are due for a rehash", async () => {
    const old = bcrypt.hashSync("correct horse battery", 4);
    expect(await verifyPassword("correct horse battery", old)).toBe(true);
    expect(await verifyPassword("wrong", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash("scrypt$8192$8$1$salt$key")).toBe(true);
  });

  it("are computed off the event loop: the thread that serves requests stays mostly idle", async () => {
    const hash = await hashPassword("warm-up");
    const before = performance.eventLoopUtilization();
    await Promise.all(Array.from({ length: 6 }, () => verifyPassword("a wrong guess", hash)));
    const used = performance.eventLoopUtilization(before);
    // bcryptjs, in JavaScript on this thread, kept it busy nearly all the time (≈ 1).
    expect(used.utilization).toBeLessThan(0.5);
  });
});
