// Minimal types for the npm package `smpp` (node-smpp 0.5.x, CommonJS, no bundled types):
// only what lib/carrier uses. Import it as `import smpp from "smpp"` (module.exports).
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer, Socket } from "node:net";

  namespace smpp {
    /** short_message / message_payload after decoding: UDH information elements (each `[IEI, len, ...data]`) and the text. */
    interface DecodedMessage {
      udh?: Buffer[];
      message: string | Buffer;
    }

    /** A PDU: header fields, the command's parameters and TLVs as plain properties. */
    /** What Session.send needs of a PDU. */
    interface OutgoingPdu {
      sequence_number: number;
      isResponse(): boolean;
      toBuffer(): Buffer;
    }
    class PDU {
      /** A PDU to send, or one read from its bytes (a whole PDU, header included). */
      constructor(command: string | Buffer, options?: Record<string, unknown>);
      command: string;
      command_length: number;
      command_id: number;
      command_status: number;
      sequence_number: number;
      isResponse(): boolean;
      /** The response PDU for this request (same sequence_number); generic_nack for an unknown PDU. */
      response(options?: Record<string, unknown>): PDU;
      toBuffer(): Buffer;
      // Parameters and TLVs (present depending on the command).
      system_id?: string;
      password?: string;
      message_id?: string;
      source_addr_ton?: number;
      source_addr_npi?: number;
      source_addr?: string;
      dest_addr_ton?: number;
      dest_addr_npi?: number;
      destination_addr?: string;
      esm_class?: number;
      protocol_id?: number;
      registered_delivery?: number;
      data_coding?: number | null;
      /** Decoded on receipt (a Buffer when we build it). */
      short_message?: DecodedMessage | Buffer | string;
      message_payload?: DecodedMessage | Buffer | string;
      /** A relative or absolute time string when sending; decoded into a Date on receipt. */
      validity_period?: string | Date;
      receipted_message_id?: string;
      message_state?: number;
      network_error_code?: Buffer;
      [key: string]: unknown;
    }

    type ResponseCallback = (pdu: PDU) => void;

    class Session extends EventEmitter {
      socket: Socket;
      /** false (and no callback ever) when the socket is not writable. */
      /** Numbers a request (sequence_number) and writes pdu.toBuffer(): a PDU, or anything encoded like one. */
      send(pdu: PDU | OutgoingPdu, responseCallback?: ResponseCallback, sendCallback?: (pdu: PDU) => void): boolean;
      close(callback?: () => void): void;
      destroy(callback?: () => void): void;
      pause(): void;
      resume(): void;
      bind_transceiver(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
      submit_sm(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
      deliver_sm(options: Record<string, unknown>, responseCallback?: ResponseCallback): boolean;
      enquire_link(options?: Record<string, unknown> | ResponseCallback, responseCallback?: ResponseCallback): boolean;
      unbind(options?: Record<string, unknown> | ResponseCallback, responseCallback?: ResponseCallback): boolean;
    }

    interface Server extends NetServer {
      sessions: Session[];
    }

    interface Encoding {
      match(value: string): boolean;
      encode(value: string): Buffer;
      decode(value: Buffer): string;
    }

    /** With tls, the rest of the options go to tls.connect (ca, servername…). */
    function connect(options: { host: string; port: number; url?: string; tls?: boolean; ca?: Buffer | string }, listener?: () => void): Session;
    function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
    function createServer(listener?: (session: Session) => void): Server;

    const encodings: Record<string, Encoding> & { default: string };
    const types: { tlv: Record<"int8" | "int16" | "int32" | "cstring" | "string" | "buffer", unknown> };
    function addTLV(tag: string, options: { id: number; type: unknown }): void;
    const errors: Record<string, number>;
    const consts: {
      ESM_CLASS: Record<string, number>;
      MESSAGE_STATE: Record<string, number>;
      TON: Record<string, number>;
      NPI: Record<string, number>;
      ENCODING: Record<string, number>;
    };
  }

  export = smpp;
}
