// Ids are UUIDs. Anything else is answered as "not found" before it reaches a uuid column,
// where PostgreSQL would reject it with an error.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuid.test(value);
}
