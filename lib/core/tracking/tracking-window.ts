// The API's tracking window: within the latest 7 days, the latest 24 hours when not given.
import { fail } from "../errors.ts";

const DAY = 24 * 3600 * 1000;
const SLACK = 5 * 60 * 1000; // clocks of clients and server disagree a little

export function trackingWindow(now: Date, start?: Date, end?: Date): { dateStart: Date; dateEnd: Date } {
  const dateEnd = end ?? now;
  const dateStart = start ?? new Date(dateEnd.getTime() - DAY);
  if (dateStart > dateEnd) fail("trackingRange", { message: "dateStart is after dateEnd.", property: "dateStart" });
  if (dateStart.getTime() < now.getTime() - 7 * DAY - SLACK) fail("trackingRange", { message: "Only a date range within the latest 7 days is accepted: dateStart is older.", property: "dateStart" });
  if (dateEnd.getTime() > now.getTime() + DAY) fail("trackingRange", { message: "dateEnd lies in the future.", property: "dateEnd" });
  return { dateStart, dateEnd };
}
