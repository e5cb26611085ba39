/**
 * The desk's data: one page of enquiries at a time for the chosen filters, the status
 * counts, the alert configuration, and how long new enquiries have waited (the saved
 * business hours against a clock that ticks locally). Fetched when the tab is first shown and again only
 * when staff ask (Refresh, a filter, Load more) or after their own change (no
 * polling, no refetch on focus, no retries). A change answered by the API replaces the
 * item in place, so the list shows the saved state at once.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { pathOf, queryStringOf } from '#src/shared/api/contract.ts';
import { enquiriesRoutes } from '#src/shared/api/enquiries.ts';
import { leadAlertsRoutes, leadMetricsRoutes } from '#src/shared/api/lead-desk.ts';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import { LEAD_FIGURES } from '#src/content/lead-guide.ts';
import type { BusinessHours } from '#src/content/practice.ts';
import type { AlertChannels, DeskEnquiry, EnquiryStatus, StatusCounts } from '#src/shared/schemas/lead-desk.ts';
import { businessHoursOf } from '#src/shared/schemas/settings.ts';
import { businessMinutesBetween } from '#src/shared/sydney-time.ts';

export const PAGE_SIZE = 50;

export interface DeskFilters {
  status: EnquiryStatus | '';
  q: string;
  /** Only instructed enquiries whose due diligence is not verified (`cdd=pending`). */
  cddPending?: boolean;
  /** Only verified, open matters due for sanctions re-screening (`cdd=rescreen`); never with `cddPending`. */
  cddRescreen?: boolean;
  /** Only open matters whose rating waits for this principal's approval (`cdd=approval`); never with the others. */
  cddApproval?: boolean;
}

/** The filters as the list's and the export's query parameters (those not set are left out). */
const filterParams = (filters: DeskFilters) => ({
  status: filters.status || undefined,
  q: filters.q.trim() || undefined,
  cdd: filters.cddPending
    ? ('pending' as const)
    : filters.cddRescreen
      ? ('rescreen' as const)
      : filters.cddApproval
        ? ('approval' as const)
        : undefined,
});

/** The CSV of the enquiries the filters show (a link: the browser downloads it). */
export const exportPath = (filters: DeskFilters) =>
  pathOf(enquiriesRoutes.export.path) + queryStringOf(filterParams(filters));

export function useDeskList(filters: DeskFilters) {
  const [items, setItems] = useState<DeskEnquiry[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const latest = useRef(0);

  const fetchPage = useCallback(
    (before?: string) =>
      callApi(enquiriesRoutes.list, {
        query: { limit: String(PAGE_SIZE), ...(before ? { before } : {}), ...filterParams(filters) },
      }),
    [filters],
  );

  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const page = await fetchPage();
      if (request !== latest.current) return;
      setItems(Array.isArray(page) ? page : []);
      setHasMore(Array.isArray(page) && page.length === PAGE_SIZE);
      setError(null);
    } catch (caught) {
      if (request !== latest.current) return;
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [fetchPage]);

  const loadMore = useCallback(async () => {
    const last = items.at(-1);
    if (!last) return;
    const request = latest.current;
    setLoadingMore(true);
    try {
      const page = await fetchPage(last.id);
      if (request !== latest.current) return;
      setItems((current) => [...current, ...page.filter((item) => !current.some((known) => known.id === item.id))]);
      setHasMore(page.length === PAGE_SIZE);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
    } finally {
      setLoadingMore(false);
    }
  }, [fetchPage, items]);

  // New filters: never show the previous filter's items under the new one's name.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a filter change empties the list at once, so the old filter's items never show under the new one
    setItems([]);
    setHasMore(false);
    setLoading(true);
    void reload();
  }, [reload]);

  /** Puts the API's answer in place of the listed copy. */
  const upsert = useCallback((enquiry: DeskEnquiry) => {
    setItems((current) => current.map((item) => (item.id === enquiry.id ? { ...item, ...enquiry } : item)));
  }, []);

  return { items, loading, loadingMore, error, hasMore, reload, loadMore, upsert };
}

/**
 * Where the status counts come from: the counts kept with the enquiries, never the all-time
 * metrics (which read every enquiry, on every open, refresh and change).
 */
export const STATUS_COUNTS_PATH = '/api/lead-metrics?only=counts';

/** Counts per status (`only=counts`): all-time, or of what the search `q` matches, so the chips follow the search. */
export function useStatusCounts(q = '') {
  const [counts, setCounts] = useState<StatusCounts | null>(null);
  const reload = useCallback(async () => {
    const search = q.trim();
    try {
      const answer: StatusCounts = await callApi(leadMetricsRoutes.read, {
        query: { only: 'counts', ...(search && { q: search }) },
      });
      setCounts({ total: answer.total, byStatus: answer.byStatus });
    } catch {
      // The filter still works without its counts.
      setCounts(null);
    }
  }, [q]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void reload();
  }, [reload]);
  return { counts, reload };
}

/**
 * The business hours staff saved in Settings, as the metrics count them: the desk's waiting
 * times count the same hours. Null until known (or when they cannot be read).
 */
export function useBusinessHours(): BusinessHours[] | null {
  const [hours, setHours] = useState<BusinessHours[] | null>(null);
  useEffect(() => {
    callApi(settingsRoutes.read).then(
      (settings) => setHours(businessHoursOf(settings.hours)),
      () => setHours(null),
    );
  }, []);
  return hours;
}

/** How long a new enquiry has waited, in business minutes of `hours`; null when not new or hours unknown. */
export const waitingMinutes = (
  enquiry: Pick<DeskEnquiry, 'status' | 'createdAt'>,
  now: number,
  hours: readonly BusinessHours[] | null,
): number | null => (enquiry.status === 'new' && hours ? businessMinutesBetween(enquiry.createdAt, now, hours) : null);

/** A new enquiry's wait in business minutes, and whether that is past the call-back target. */
export interface Waited {
  minutes: number;
  late: boolean;
}

/** The clock the waiting times are measured against; ticks locally, fetches nothing. */
function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => currentTime());
  useEffect(() => {
    const timer = setInterval(() => setNow(currentTime()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** How long each new enquiry has waited, in the practice's business hours, as the clock ticks. */
export function useWaited(): (enquiry: DeskEnquiry) => Waited | null {
  const hours = useBusinessHours();
  const now = useNow();
  return (enquiry) => {
    const minutes = waitingMinutes(enquiry, now, hours);
    // The 5-minute target is for a call back; a quote lead has no phone, so it waits without being late.
    return minutes === null
      ? null
      : { minutes, late: enquiry.source !== 'quote' && minutes > LEAD_FIGURES.responseMinutes };
  };
}

export function useAlertChannels(): AlertChannels | null {
  const [channels, setChannels] = useState<AlertChannels | null>(null);
  useEffect(() => {
    callApi(leadAlertsRoutes.channels).then(setChannels, () => setChannels(null));
  }, []);
  return channels;
}

const LINK_KEY = 'desk:enquiry';

/**
 * The enquiry an alert linked to (`/admin?enquiry={id}`). Kept across the sign-in detour
 * in sessionStorage, so staff opening the alert on a phone still land on it.
 */
export function rememberEnquiryLink(): void {
  const id = new URLSearchParams(window.location.search).get('enquiry');
  if (id) sessionStorage.setItem(LINK_KEY, id);
}

export function takeEnquiryLink(): string | null {
  const id = new URLSearchParams(window.location.search).get('enquiry') ?? sessionStorage.getItem(LINK_KEY);
  sessionStorage.removeItem(LINK_KEY);
  return id && /^[a-z0-9]{11,40}$/.test(id) ? id : null;
}

const enquiryInAddress = (): string | null => {
  const id = new URLSearchParams(window.location.search).get('enquiry');
  return id && /^[a-z0-9]{11,40}$/.test(id) ? id : null;
};

/**
 * The open enquiry lives in the address (`/admin/?enquiry={id}`, the link alerts carry), so
 * each enquiry has a URL to share and Back and Forward move between the ones opened. `onMove`
 * hears the enquiry the address named on arrival (`arrived`) and each one a Back or Forward
 * landed on (null: none).
 */
export function useEnquiryAddress(onMove: (id: string | null, arrived: boolean) => void) {
  const [id, setId] = useState<string | null>(null);
  const moved = useRef(onMove);
  useEffect(() => {
    moved.current = onMove;
  });
  useEffect(() => {
    // An alert's link, or the one kept across the sign-in detour, goes into the address.
    const linked = takeEnquiryLink();
    if (linked && enquiryInAddress() !== linked) {
      const url = new URL(window.location.href);
      url.searchParams.set('enquiry', linked);
      history.replaceState(history.state, '', url);
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once, after mount
    setId(linked);
    if (linked) moved.current(linked, true);
    const onPop = () => {
      const now = enquiryInAddress();
      setId(now);
      moved.current(now, false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  /** Opens (or, with null, closes) an enquiry as a new step of the browser's history. */
  const go = useCallback((next: string | null) => {
    const url = new URL(window.location.href);
    if (next) url.searchParams.set('enquiry', next);
    else url.searchParams.delete('enquiry');
    if (url.href !== window.location.href) history.pushState(history.state, '', url);
    setId(next);
  }, []);
  return { id, go };
}

const VIEW_KEY = 'desk:view';
export type DeskView = 'cards' | 'table';

/** Cards or the compact table, remembered on this browser. */
export function useDeskView(): [DeskView, (view: DeskView) => void] {
  const [view, setView] = useState<DeskView>('cards');
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the stored choice is read after mount (no storage on the server)
    if (localStorage.getItem(VIEW_KEY) === 'table') setView('table');
  }, []);
  const choose = useCallback((next: DeskView) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Private browsing without storage: the choice lasts this visit.
    }
  }, []);
  return [view, choose];
}
