// The WHATWG URL parser of browsers and Node; contracts are built without DOM or Node types.
declare const URL: new (input: string, base: string) => { origin: string };

/** Any fixed origin: only whether a path stays on it matters, not which it is. */
const SITE = "https://site.invalid";

/**
 * Whether `raw` is a path of this site, read as a browser or the server's `new URL(raw, origin)`
 * would read it: browsers take `\` for `/` and drop tabs and newlines, so `/\evil.example/` and
 * `/\t/evil.example/` lead to another host although they start with a single `/`.
 */
export function isSitePath(raw: string): boolean {
  if (!raw.startsWith("/")) return false;
  try {
    return new URL(raw, SITE).origin === SITE;
  } catch {
    return false;
  }
}
