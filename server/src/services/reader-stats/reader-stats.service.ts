import type { StatsCount, StatsDay, StatsLive, StatsReport } from '@folio/shared';
import type { ReaderStatsRepository, StatsDimension } from '../../store/reader-stats.repository.js';
import type { StatsDayRecord } from '../../store/records.js';
import { factsOfAgent, isPrefetch, referrerSite, sendsGlobalPrivacyControl, siteHost } from './hit-rules.js';
import type { HitHeaders } from './hit-rules.js';
import { VisitorDays, utcDay } from './visitor-days.js';

export { STATS_KEY_MAX_CHARS } from '../../store/reader-stats.repository.js';

/** The most rows each ranking of a report holds (server/API.md §E23.3). */
export const STATS_RANKING_ROWS = 100;

/** The shortest time between two `admin:stats-live` events (server/API.md §E23.4). */
export const LIVE_EVENT_INTERVAL_MS = 2000;

/** How many `Host` headers' sets of own hosts are remembered. */
const OWN_HOST_MEMO_ENTRIES = 64;

/** How often the live count is looked at without a view, so visitors leaving the window are told too. */
const LIVE_SWEEP_MS = 30_000;

/** A public page a hit may count for, as {@link ReaderStatsService.count} is told by the route. */
export interface CountedPage {
  /** The page's canonical path: `/`, `/articles/{slug}`, a list page. */
  path: string;
  /** The published article the page shows, whose `views` the same view adds to. */
  articleId?: number;
}

/** One `POST /api/stats/hit` (or the no-script pixel), with what the server knows of its sender. */
export interface HitRequest {
  /** `null` when the path is no public page (the admin, the API, uploads, a preview, a missing article). */
  page: CountedPage | null;
  referrer: string | undefined;
  /** The admin token the page sent along, when the browser is signed in to the admin. */
  token: string | undefined;
  /** The client address as the server trusts it (TRUST_PROXY, server/API.md §1.6). */
  address: string;
  headers: HitHeaders;
}

/** Why a hit was not counted, or `counted`: tests and the log read it, the client never does. */
export type HitOutcome = 'counted' | 'not-a-page' | 'bot' | 'prefetch' | 'owner';

export interface ReaderStatsHooks {
  /** The clock; tests move it to the next UTC day. */
  now?: () => Date;
}

export interface ReaderStatsDeps {
  repository: ReaderStatsRepository;
  /** Whether a token is the owner's, checked as `requireAdmin` checks it. */
  isOwnerToken: (token: string) => boolean;
  /** Adds a view to a published article's `views` (server/API.md §3.4). */
  addArticleView: (articleId: number) => void;
  /** The title of the article a path shows now, for the report. */
  titleOfPath: (path: string) => string | undefined;
  /** The blog's own hosts (PUBLIC_URL's), whose referrers are the reader moving between its pages. */
  ownHosts: readonly string[];
  hooks?: ReaderStatsHooks;
}

/**
 * Readers' statistics (server/API.md §E23): counts page views without a cookie, an address or a
 * User-Agent kept, and reports them to the owner.
 */
export class ReaderStatsService {
  private readonly visitors: VisitorDays;
  private readonly now: () => Date;
  private readonly ownHosts: Set<string>;
  private readonly ownHostsByRequestHost = new Map<string, ReadonlySet<string>>();
  private subscriberCount: () => number = () => 0;
  private liveListener: ((live: StatsLive) => void) | undefined;
  private liveTold = 0;
  private liveToldAt = 0;
  private liveTimer: NodeJS.Timeout | undefined;
  private liveSweep: NodeJS.Timeout | undefined;

  constructor(private readonly deps: ReaderStatsDeps) {
    this.now = deps.hooks?.now ?? (() => new Date());
    this.ownHosts = new Set(deps.ownHosts.map(siteHost).filter(Boolean));
    this.visitors = new VisitorDays(deps.ownHosts[0] ?? 'folio');
  }

  /**
   * Counts one page view by the rules of server/API.md §E23.1. `requestHost` (the `Host` the
   * page was served under) counts as the blog's own besides PUBLIC_URL's.
   */
  count(hit: HitRequest, requestHost: string): HitOutcome {
    if (!hit.page) return 'not-a-page';
    const userAgent = headerText(hit.headers['user-agent']);
    const { bot, device, browser } = factsOfAgent(userAgent);
    if (bot) return 'bot';
    if (isPrefetch(hit.headers)) return 'prefetch';
    if (hit.token !== undefined && this.deps.isOwnerToken(hit.token)) return 'owner';
    const at = this.now();
    const own = this.ownHostsServedAs(requestHost);
    const keys: Record<StatsDimension, string | null> = {
      paths: hit.page.path,
      referrers: referrerSite(hit.referrer, own),
      devices: device,
      browsers: browser,
    };
    const noVisitor = { day: false, paths: false, referrers: false, devices: false, browsers: false };
    const newVisitor = sendsGlobalPrivacyControl(hit.headers)
      ? noVisitor
      : this.visitors.see(this.visitors.visitorOf(at, hit.address, userAgent), at, keys);
    this.deps.repository.record({ day: utcDay(at), keys, newVisitor });
    if (hit.page.articleId !== undefined) this.deps.addArticleView(hit.page.articleId);
    this.liveMayHaveMoved();
    return 'counted';
  }

  /** The blog's own hosts with the one a page was served under: made once per `Host` a hit names. */
  private ownHostsServedAs(requestHost: string): ReadonlySet<string> {
    let hosts = this.ownHostsByRequestHost.get(requestHost);
    if (!hosts) {
      // Any client can name any Host: the memo starts afresh rather than grow with them.
      if (this.ownHostsByRequestHost.size >= OWN_HOST_MEMO_ENTRIES) this.ownHostsByRequestHost.clear();
      hosts = new Set(this.ownHosts).add(siteHost(requestHost));
      this.ownHostsByRequestHost.set(requestHost, hosts);
    }
    return hosts;
  }

  /** The report of server/API.md §E23.3 over `from`…`to` (validated `YYYY-MM-DD`, from ≤ to). */
  report(from: string, to: string): StatsReport {
    const stored = new Map(this.deps.repository.daysBetween(from, to));
    const days: StatsDay[] = [];
    const totals = { views: 0, visitors: 0 };
    const rankings: Record<StatsDimension, Map<string, StatsCount>> = {
      paths: new Map(),
      referrers: new Map(),
      devices: new Map(),
      browsers: new Map(),
    };
    for (const date of daysFrom(from, to)) {
      const day = stored.get(date);
      days.push({ date, views: day?.views ?? 0, visitors: day?.visitors ?? 0 });
      if (!day) continue;
      totals.views += day.views;
      totals.visitors += day.visitors;
      for (const dimension of Object.keys(rankings) as StatsDimension[]) addUp(rankings[dimension], day[dimension]);
    }
    const ranked = (dimension: StatsDimension) =>
      [...rankings[dimension].values()]
        .sort((a, b) => b.views - a.views || b.visitors - a.visitors || (a.key < b.key ? -1 : 1))
        .slice(0, STATS_RANKING_ROWS);
    const paths = ranked('paths').map((row) => {
      const title = this.deps.titleOfPath(row.key);
      return title === undefined ? row : { ...row, title };
    });
    return {
      from,
      to,
      days,
      paths,
      referrers: ranked('referrers'),
      devices: ranked('devices'),
      browsers: ranked('browsers'),
      countries: [],
      totals,
      subscribers: this.subscriberCount(),
    };
  }

  /** Today's `YYYY-MM-DD` (UTC) by the service's clock. */
  today(): string {
    return utcDay(this.now());
  }

  /** Distinct visitors in the last 5 minutes (server/API.md §E23.4). */
  live(): StatsLive {
    return { visitors_now: this.visitors.visitorsNow(this.now()) };
  }

  /** Where the report's `subscribers` comes from, once mail subscriptions are there (server/API.md §E23). */
  countSubscribersWith(count: () => number): void {
    this.subscriberCount = count;
  }

  /** Tells `listener` the live count whenever it changes, at most once every {@link LIVE_EVENT_INTERVAL_MS}. */
  onLiveChange(listener: (live: StatsLive) => void): void {
    this.liveListener = listener;
    this.liveSweep ??= setInterval(() => this.liveMayHaveMoved(), LIVE_SWEEP_MS).unref();
  }

  stop(): void {
    clearTimeout(this.liveTimer);
    clearInterval(this.liveSweep);
    this.liveTimer = undefined;
    this.liveSweep = undefined;
  }

  private liveMayHaveMoved(): void {
    if (!this.liveListener || this.liveTimer) return;
    const wait = Math.max(0, this.liveToldAt + LIVE_EVENT_INTERVAL_MS - Date.now());
    this.liveTimer = setTimeout(() => {
      this.liveTimer = undefined;
      const live = this.live();
      if (live.visitors_now === this.liveTold) return;
      this.liveTold = live.visitors_now;
      this.liveToldAt = Date.now();
      this.liveListener?.(live);
    }, wait);
    this.liveTimer.unref();
  }
}

const headerText = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(' ') : (value ?? ''));

/** Every `YYYY-MM-DD` from `from` to `to`, inclusive. */
function* daysFrom(from: string, to: string): Iterable<string> {
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += 86_400_000) {
    yield new Date(at).toISOString().slice(0, 10);
  }
}

/** Visitors over several days are the sum of each day's (server/API.md §E23.3): a reader on two days counts twice. */
function addUp(into: Map<string, StatsCount>, figures: StatsDayRecord['paths']): void {
  for (const [key, { views, visitors }] of Object.entries(figures)) {
    const row = into.get(key);
    if (row) {
      row.views += views;
      row.visitors += visitors;
    } else into.set(key, { key, views, visitors });
  }
}
