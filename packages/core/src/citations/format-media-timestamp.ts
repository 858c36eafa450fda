import { mediaSeconds } from './media-seconds';

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A media timestamp as the citation shows it: 'hh:mm:ss' from one hour on ('01:02:03',
 * '100:00:00'), else 'mm:ss' ('02:03', '00:00'); every field zero-padded to two digits so the
 * labels of one list line up.
 * Why: spec/chat.md §9 — video citation timestamps are milliseconds, rounded to seconds and
 * shown as hh mm or mm ss. Rounding happens first, so 3,599,500 ms reads '01:00:00'.
 */
export function formatMediaTimestamp(ms: number): string {
  const total = mediaSeconds(ms);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
