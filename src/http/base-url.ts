/**
 * The base of the URLs a response names (`link` headers, items' API URLs): where the client reached
 * the service, so that following a link goes back the same way (same host name, same credentials).
 */

export interface BaseUrlInput {
  /** The request target: origin-form (`/search/…`), or absolute-form when sent to a proxy. */
  target: string;
  headers: Record<string, string | string[] | undefined>;
  /** Whether the connection itself is TLS. */
  encrypted: boolean;
}

export interface BaseUrlOptions {
  /** A fixed base: every response names it, whatever the request says. */
  pinned?: string;
  /** Believe `X-Forwarded-Host` / `X-Forwarded-Proto` (only behind a proxy that sets them). */
  trustProxy?: boolean;
  /** Where the service listens: used when the request names no usable host. */
  fallback: string;
}

/** A host as a URL may carry it: a name or an IPv4 address, or an IPv6 address in brackets, each with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9._~-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const DEFAULT_PORTS: Record<string, string> = { http: ":80", https: ":443" };

/** Normalises a base given by an operator: no trailing slash. */
function normalizeBaseUrl(base: string): string {
  return base.replace(/\/+$/, "");
}

/**
 * The base URL for one request: the pinned one, else the absolute-form target's origin, else
 * `<proto>://<Host>` (the forwarded headers first when trusted), without default ports. A host
 * that is not a plain host name (spaces, slashes, user info) falls back to the listen address.
 */
export function requestBaseUrl({ target, headers, encrypted }: BaseUrlInput, options: BaseUrlOptions): string {
  if (options.pinned) return normalizeBaseUrl(options.pinned);
  const absolute = /^https?:\/\//i.test(target) ? safeUrl(target) : undefined;

  let proto = absolute ? absolute.protocol.slice(0, -1) : encrypted ? "https" : "http";
  let host = absolute?.host ?? firstValue(headers.host);
  if (options.trustProxy) {
    const forwardedProto = firstValue(headers["x-forwarded-proto"])?.toLowerCase();
    if (forwardedProto === "http" || forwardedProto === "https") proto = forwardedProto;
    host = firstValue(headers["x-forwarded-host"]) ?? host;
  }
  if (!host || !HOST.test(host)) return normalizeBaseUrl(options.fallback);
  host = host.toLowerCase();
  const defaultPort = DEFAULT_PORTS[proto];
  if (host.endsWith(defaultPort)) host = host.slice(0, -defaultPort.length);
  return `${proto}://${host}`;
}

/** The first value of a header that may be repeated or a comma list (proxies append theirs). */
function firstValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  const first = text?.split(",")[0]?.trim();
  return first || undefined;
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
