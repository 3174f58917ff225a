// When the daily digest goes out: the next 09:00 on the wall clocks of a time zone. Worked out
// with Intl alone (the zone's offset at an instant), so daylight saving time moves it with the
// clocks; `now` is passed in, so any moment can be tried.

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(at).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const wall = wallClock(new Date(at), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant the zone's clocks read that day at `hour`:00. */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string) {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  // the offset at the first guess may differ from the one at the answer across a clock change
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(guess, timeZone);
}

/** The first moment after `now` at which the clocks of `timeZone` read `hour`:00 (09:00). */
export function nextDigestAt(now: Date, timeZone: string, hour = 9): Date {
  const today = wallClock(now, timeZone);
  const at = instantOf(today.year, today.month, today.day, hour, timeZone);
  if (at > now.getTime()) return new Date(at);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return new Date(
    instantOf(
      tomorrow.getUTCFullYear(),
      tomorrow.getUTCMonth() + 1,
      tomorrow.getUTCDate(),
      hour,
      timeZone,
    ),
  );
}
