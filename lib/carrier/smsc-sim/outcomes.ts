// What the SMSC simulator does with a submit_sm, chosen by the destination's last four digits
// (DESIGN.md, "SMSC simulator outcomes"; the table is in smsc-simulator.ts).

export interface SimulatedOutcome {
  /** null: the submit_sm is refused with `submitStatus`. */
  stat: "DELIVRD" | "UNDELIV" | "EXPIRED" | null;
  err: string;
  /** message_state TLV value (SMPP 3.4 §5.3.2.35). */
  state: number;
  submitStatus: number;
  receipt: boolean;
}

const ESME_RSUBMITFAIL = 0x45;

/** The outcome the simulator gives a destination (exported so other simulators and tests agree). */
export function simulatedOutcome(destination: string): SimulatedOutcome {
  switch (destination.replace(/\D/g, "").slice(-4)) {
    case "0001":
      return { stat: "UNDELIV", err: "001", state: 5, submitStatus: 0, receipt: true };
    case "0002":
      return { stat: "UNDELIV", err: "008", state: 5, submitStatus: 0, receipt: true };
    case "0003":
      return { stat: null, err: "", state: 8, submitStatus: ESME_RSUBMITFAIL, receipt: false };
    case "0004":
      return { stat: "EXPIRED", err: "000", state: 3, submitStatus: 0, receipt: true };
    case "0005":
      return { stat: "DELIVRD", err: "000", state: 2, submitStatus: 0, receipt: false };
    default:
      return { stat: "DELIVRD", err: "000", state: 2, submitStatus: 0, receipt: true };
  }
}
