// The spec's sender rule: digits only, at most 16 and without '+', or an alphanumeric name of at
// most 11 characters (letters, digits, spaces and a few signs carriers accept).

export function isValidSender(from: unknown): from is string {
  if (typeof from !== "string") return false;
  if (/^\d{1,16}$/.test(from)) return true;
  return /^[A-Za-z0-9 .\-_&']{1,11}$/.test(from) && /[A-Za-z]/.test(from) && from.trim() === from;
}
