import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "./circuit-breaker.ts";

function breaker(failures = 3, coolDownMs = 1000) {
  let now = 0;
  const b = new CircuitBreaker({ failures, coolDownMs }, () => now);
  return { b, advance: (ms: number) => (now += ms) };
}

describe("the circuit breaker of a connector", () => {
  it("opens after the consecutive failures; a success in between starts the count again", () => {
    const { b } = breaker(3);
    b.failure();
    b.failure();
    b.success();
    b.failure();
    b.failure();
    expect(b.state).toBe("closed");
    expect(b.tryAcquire()).toBe(true);
    b.failure();
    expect(b.state).toBe("open");
    expect(b.tryAcquire()).toBe(false);
  });

  it("after its cool-down lets one probe through: a success closes it, a failure opens it for another cool-down", () => {
    const { b, advance } = breaker(1, 1000);
    b.failure();
    advance(999);
    expect(b.tryAcquire()).toBe(false);
    advance(1);
    expect(b.state).toBe("half-open");
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(false);
    b.failure();
    expect(b.state).toBe("open");
    advance(1000);
    expect(b.tryAcquire()).toBe(true);
    b.success();
    expect(b.state).toBe("closed");
    expect(b.tryAcquire()).toBe(true);
    expect(b.tryAcquire()).toBe(true);
  });

  it("tells those who wait when the probe has its answer; a probe that proved nothing gives its slot to the next", async () => {
    const { b, advance } = breaker(1, 10);
    await b.probed(); // no probe out: at once
    b.failure();
    advance(10);
    expect(b.tryAcquire()).toBe(true);
    let woken = 0;
    const waiting = [b.probed().then(() => woken++), b.probed().then(() => woken++)];
    await Promise.resolve();
    expect(woken).toBe(0);
    b.release();
    await Promise.all(waiting);
    expect(woken).toBe(2);
    expect(b.state).toBe("half-open");
    expect(b.tryAcquire()).toBe(true);
    const after = b.probed();
    b.success();
    await after;
    expect(b.state).toBe("closed");
  });
});
