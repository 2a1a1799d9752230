// A moment as people read it in its place (a date, "3 minutes ago", 14:03:27.512), with the
// machine-readable value and, where the text is short, the full date and time on hover.
import { formatDate, formatDateTime, formatDateTimeSeconds, formatRelative, formatTime } from "@/lib/ui/format";

const shows = { date: formatDate, datetime: formatDateTime, seconds: formatDateTimeSeconds, relative: formatRelative, time: formatTime };
const titles: Partial<Record<keyof typeof shows, (iso: string) => string>> = { date: formatDateTime, relative: formatDateTime, time: formatDateTimeSeconds };

export function Time({ at, show, className }: { at: string; show: keyof typeof shows; className?: string }) {
  return (
    <time dateTime={at} title={titles[show]?.(at)} className={className}>
      {shows[show](at)}
    </time>
  );
}
