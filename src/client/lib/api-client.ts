import type { QueryFunction } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@shared/contract/common';
import { errorMessage, isNetworkError } from './api-errors';
import { answerFromKeptLocations, answerFromKeptRecords, isKeptForOffline, keepRead, keptRead } from './offline/kept-reads';

// Kept apart (api-errors.ts) so the service worker's replay can use them without the rest of this module.
export { errorMessage, isNetworkError };

/**
 * The one way the client talks to the API (spec §7, §8): credentials always sent, JSON bodies with a
 * JSON content type, and any non-OK response raised as Error("<status>: <body text or status text>").
 */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

export async function apiRequest(method: string, url: string, data?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  // Requests that change data always carry a JSON body: the server refuses others (CSRF defence).
  const body = data !== undefined ? data : method === 'GET' || method === 'HEAD' ? undefined : {};
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * Builds the URL from a query key: the first part is the URL, further string/number parts are path
 * segments, and object parts become query-string entries, skipping empty, falsy and 'all' values.
 */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const [base, ...rest] = queryKey;
  let path = String(base);
  const params = new URLSearchParams();
  for (const part of rest) {
    if (typeof part === 'string' || typeof part === 'number') {
      path += `/${encodeURIComponent(String(part))}`;
    } else if (part && typeof part === 'object') {
      for (const [key, value] of Object.entries(part)) {
        if (!value || value === 'all') continue;
        params.append(key, String(value));
      }
    }
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}


/**
 * A GET of the API. The register's records are kept on the device as they arrive, and with no
 * network at all the kept answer stands in (ADR 028), so what the user last viewed opens offline.
 */
async function getOrKept(url: string, signal?: AbortSignal): Promise<Response> {
  try {
    const res = await fetch(url, { credentials: 'include', signal });
    if (res.ok && isKeptForOffline(url)) void keepRead(url, res.clone());
    return res;
  } catch (error) {
    const offline = isNetworkError(error) && !signal?.aborted;
    const kept = offline && isKeptForOffline(url) ? await keptRead(url) : null;
    if (kept) return kept;
    // A search or a list never viewed as such: answered from the records and locations kept on the device.
    const answered = offline ? ((await answerFromKeptRecords(url)) ?? (await answerFromKeptLocations(url))) : null;
    if (answered) return answered;
    throw error;
  }
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await getOrKept(urlFromQueryKey(queryKey), signal);
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** One page of a keyset-paginated list: the rows and the cursor of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Fetches one page of a list endpoint (asset or action list), reading the next cursor from the header. */
export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const res = await getOrKept(url, signal);
  await throwIfResNotOk(res);
  return { items: (await res.json()) as T[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}
