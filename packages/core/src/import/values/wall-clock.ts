/** A wall-clock time as a broker wrote it, without a zone: read later in the source time zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** When something happened: an instant (the file states UTC or an offset), or a wall-clock time. */
export type BrokerTime = { utc: number } | { wall: WallClock };
