// Path parameters some routers leave percent-encoded ("Spring%20fair", "AMD%20Telecom"): decoded
// once, and kept as they are when they are not valid percent-encoding.
const encoded = /%[0-9A-Fa-f]{2}/;

export const decodeSegment = (v: string): string => (encoded.test(v) ? decodeOnce(v) : v);

function decodeOnce(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
