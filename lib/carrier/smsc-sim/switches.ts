// The SMSC simulator's trouble switches, for trying routing and failover by hand and in tests:
// answer every submit_sm ESME_RTHROTTLED, stall (take PDUs off the wire and never answer them),
// or drop (close every connection, and those that come, while it lasts). Each holds for a number
// of seconds or until turned off.

export type SwitchName = "throttle" | "stall" | "drop";

export interface SwitchState {
  throttled: boolean;
  stalled: boolean;
  dropping: boolean;
  /** When each switch turns itself off; null: on until turned off, or off. */
  throttledUntil: string | null;
  stalledUntil: string | null;
  droppingUntil: string | null;
}

export class SimulatorSwitches {
  private readonly until: Record<SwitchName, number> = { throttle: 0, stall: 0, drop: 0 };
  private readonly timers: Partial<Record<SwitchName, NodeJS.Timeout>> = {};

  /** `ended` is told when a switch turns off (by its time or by off()). */
  constructor(private readonly ended: (name: SwitchName) => void = () => {}) {}

  /** Turns `name` on for `seconds`, or until off() without them (or with Infinity). */
  on(name: SwitchName, seconds = Infinity): void {
    if (!(seconds > 0)) throw new Error(`seconds must be a positive number (got ${seconds})`);
    clearTimeout(this.timers[name]);
    delete this.timers[name];
    this.until[name] = seconds === Infinity ? Infinity : Date.now() + seconds * 1000;
    if (seconds !== Infinity) {
      this.timers[name] = setTimeout(() => this.off(name), seconds * 1000);
      this.timers[name].unref();
    }
  }

  off(name: SwitchName): void {
    clearTimeout(this.timers[name]);
    delete this.timers[name];
    const was = this.until[name] > Date.now();
    this.until[name] = 0;
    if (was) this.ended(name);
  }

  /** Every switch off. */
  normal(): void {
    for (const name of Object.keys(this.until) as SwitchName[]) this.off(name);
  }

  isOn(name: SwitchName): boolean {
    return this.until[name] > Date.now();
  }

  state(): SwitchState {
    const until = (name: SwitchName) => (this.isOn(name) && this.until[name] !== Infinity ? new Date(this.until[name]).toISOString() : null);
    return {
      throttled: this.isOn("throttle"),
      stalled: this.isOn("stall"),
      dropping: this.isOn("drop"),
      throttledUntil: until("throttle"),
      stalledUntil: until("stall"),
      droppingUntil: until("drop"),
    };
  }

  close(): void {
    for (const t of Object.values(this.timers)) clearTimeout(t);
  }
}
