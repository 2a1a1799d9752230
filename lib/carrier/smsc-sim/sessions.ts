// The SMSC simulator's side of each client connection: binds with the simulator's one set of
// credentials, enquire_link, unbind, the answer to commands it does not handle, hung sessions,
// the stall and drop switches, and writes batched per event-loop turn.
import type smpp from "smpp";
import type { CarrierLog } from "../../core/ports/carrier.ts";
import type { Delivery, SimulatorDeliveries } from "./deliveries.ts";
import type { SimulatorSwitches } from "./switches.ts";

const ESME_RALYBND = 0x05;
const ESME_RINVPASWD = 0x0e;
const ESME_RINVSYSID = 0x0f;
const ESME_RINVCMDID = 0x03;

export interface SessionState {
  session: smpp.Session;
  number: number;
  systemId: string;
  bound: boolean;
  canTransmit: boolean;
  canReceive: boolean;
  hung: boolean;
  outstandingSubmits: number;
  outstandingDelivers: Map<number, Delivery>;
}

export type Send = (st: SessionState, pdu: smpp.PDU, cb?: (resp: smpp.PDU) => void) => boolean;

/** A send that batches the writes of one event-loop turn into one syscall; `forget` a closed session. */
export function corkedSender(): { send: Send; forget: (s: smpp.Session) => void } {
  const corked = new Set<smpp.Session>();
  const send: Send = (st, pdu, cb) => {
    const s = st.session;
    if (!s.socket.writable) return false;
    if (!corked.has(s)) {
      corked.add(s);
      s.socket.cork();
      process.nextTick(() => {
        corked.delete(s);
        s.socket.uncork();
      });
    }
    return s.send(pdu, cb);
  };
  return { send, forget: (s) => corked.delete(s) };
}

export interface SessionOptions {
  systemId: string;
  password: string;
  log: CarrierLog;
  send: Send;
  forget: (s: smpp.Session) => void;
  states: Map<smpp.Session, SessionState>;
  nextNumber: () => number;
  deliveries: SimulatorDeliveries;
  switches: SimulatorSwitches;
  onSubmit: (st: SessionState, pdu: smpp.PDU) => void;
}

const handled = new Set(["bind_transceiver", "bind_transmitter", "bind_receiver", "submit_sm", "enquire_link", "unbind", "unknown"]);

/** Takes a new client connection: its state joins `states` until it closes. */
export function acceptSession(session: smpp.Session, o: SessionOptions): void {
  const { systemId, password, log, send, states, deliveries, switches } = o;
  // Hung (this session) or stalled (the whole SMSC): PDUs are read and never answered.
  const silent = () => st.hung || switches.isOn("stall");
  const st: SessionState = {
    session,
    number: o.nextNumber(),
    systemId: "",
    bound: false,
    canTransmit: false,
    canReceive: false,
    hung: false,
    outstandingSubmits: 0,
    outstandingDelivers: new Map(),
  };
  states.set(session, st);
  session.on("error", () => {}); // resets by clients are normal; 'close' follows
  session.on("close", () => {
    states.delete(session);
    o.forget(session);
    deliveries.takeBack(st);
    if (st.bound) log("info", "smsc-sim session closed", { systemId: st.systemId });
  });
  if (switches.isOn("drop")) {
    session.destroy();
    return;
  }
  session.socket.setNoDelay(true);
  const onBind = (mode: "trx" | "tx" | "rx") => (pdu: smpp.PDU) => {
    if (silent()) return;
    if (st.bound) {
      send(st, pdu.response({ command_status: ESME_RALYBND }));
      return;
    }
    const refused = pdu.system_id !== systemId ? ESME_RINVSYSID : pdu.password !== password ? ESME_RINVPASWD : 0;
    if (refused) {
      log("warn", "smsc-sim bind refused", { systemId: pdu.system_id, status: refused === ESME_RINVSYSID ? "ESME_RINVSYSID" : "ESME_RINVPASWD" });
      session.send(pdu.response({ command_status: refused }), () => session.close());
      return;
    }
    st.bound = true;
    st.systemId = systemId;
    st.canTransmit = mode !== "rx";
    st.canReceive = mode !== "tx";
    send(st, pdu.response({ system_id: "SwitchboardSim" }));
    log("info", "smsc-sim bound", { systemId, mode });
    if (st.canReceive) deliveries.flush(systemId);
  };
  session.on("bind_transceiver", onBind("trx"));
  session.on("bind_transmitter", onBind("tx"));
  session.on("bind_receiver", onBind("rx"));
  session.on("submit_sm", (pdu: smpp.PDU) => o.onSubmit(st, pdu)); // a hung session counts it but never answers
  session.on("enquire_link", (pdu: smpp.PDU) => {
    if (!silent()) send(st, pdu.response());
  });
  session.on("unbind", (pdu: smpp.PDU) => {
    if (silent()) return;
    st.bound = false;
    session.send(pdu.response(), () => session.close());
  });
  session.on("pdu", (pdu: smpp.PDU) => {
    if (silent() || pdu.isResponse()) return;
    if (pdu.command === "unknown") send(st, pdu.response());
    else if (!handled.has(pdu.command)) send(st, pdu.response({ command_status: ESME_RINVCMDID }));
  });
}
