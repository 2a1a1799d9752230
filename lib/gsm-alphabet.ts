// GSM 03.38 default alphabet and its extension table (characters reached through the 0x1B
// escape, costing two septets). Codes are the unpacked septet values an SMSC expects with
// data_coding 0. Shared by body analysis (browser and server) and the SMPP carrier.

/** Basic table: index = septet value. */
export const gsmBasic = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";

/** Extension table: character → septet value after the 0x1B escape. */
export const gsmExtension: ReadonlyMap<string, number> = new Map([
  ["\f", 0x0a],
  ["^", 0x14],
  ["{", 0x28],
  ["}", 0x29],
  ["\\", 0x2f],
  ["[", 0x3c],
  ["~", 0x3d],
  ["]", 0x3e],
  ["|", 0x40],
  ["€", 0x65],
]);

export const gsmBasicCodes: ReadonlyMap<string, number> = new Map([...gsmBasic].map((c, i) => [c, i] as const).filter(([c]) => c !== "\u001b"));

export const GSM_ESCAPE = 0x1b;
