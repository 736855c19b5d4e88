/**
 * Readers (server/API.md §E23): the privacy-first statistics the admin's 数据统计 screen shows,
 * and the mail subscribers, shared by the server, the browser admin and the desktop.
 */

/** Body of `POST /api/stats/hit` (JSON, or the same JSON sent as `text/plain` by `sendBeacon`). */
export interface StatsHit {
  path: string;
  referrer?: string;
}

export interface StatsDay {
  /** `YYYY-MM-DD`, a UTC day. */
  date: string;
  views: number;
  visitors: number;
}

/** One row of a ranking: a path, a referrer site, a device class or a browser, with its figures over the range. */
export interface StatsCount {
  key: string;
  views: number;
  visitors: number;
  /** For paths that are articles: the article's title now (absent otherwise). */
  title?: string;
}

/** `data` of `GET /api/admin/stats?from=YYYY-MM-DD&to=YYYY-MM-DD`. */
export interface StatsReport {
  from: string;
  to: string;
  days: StatsDay[];
  paths: StatsCount[];
  referrers: StatsCount[];
  devices: StatsCount[];
  browsers: StatsCount[];
  /** Per country only when a local database is configured; otherwise empty. */
  countries: StatsCount[];
  totals: { views: number; visitors: number };
  /** Confirmed subscribers now. */
  subscribers: number;
}

/** `data` of `GET /api/admin/stats/live` and of the `admin:stats-live` socket event. */
export interface StatsLive {
  /** Distinct visitors in the last 5 minutes. */
  visitors_now: number;
}

/** One entry of `GET /api/admin/subscribers`. */
export interface Subscriber {
  id: number;
  email: string;
  /** When the address was first given (ISO 8601). */
  created_at: string;
  confirmed: boolean;
  confirmed_at: string | null;
}
