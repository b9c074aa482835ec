import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { LOGGED_IN_COOKIE } from "@precedent/contracts";
import { z } from "zod";

/**
 * The pages the web app's build rendered ahead (apps/web/build/prerender-pages.ts), listed by the
 * build in `prerendered/pages.json`: each an address, its file, and whether it is built for a
 * signed-in person (the account area's frame, before the person's account has loaded). Such a
 * page goes only to a browser with the logged-in marker cookie; any other browser gets index.html,
 * whose session check sends it to sign in without a glimpse of the account area.
 */
const PrerenderedList = z.array(
  z.object({
    address: z.string().startsWith("/"),
    file: z.string().regex(/^[\w.-]+\.html$/),
    forSignedIn: z.boolean(),
  }),
);

export type PrerenderedPages = {
  /** The file (relative to the build) to send for `address`, or undefined for index.html. */
  fileFor(address: string, cookies: Record<string, string | undefined>): string | undefined;
  /** Whether the page sent for `address` depends on the request's cookies (for `Vary`). */
  variesByCookie(address: string): boolean;
};

/** Read once at start, as the build is. A build without the list has no pages built ahead. */
export function readPrerenderedPages(webDist: string): PrerenderedPages {
  const listFile = path.join(webDist, "prerendered", "pages.json");
  const pages = existsSync(listFile)
    ? new Map(
        PrerenderedList.parse(JSON.parse(readFileSync(listFile, "utf8"))).map((page) => [page.address, page]),
      )
    : new Map();
  return {
    fileFor(address, cookies) {
      const page = pages.get(address);
      if (!page || (page.forSignedIn && cookies[LOGGED_IN_COOKIE] === undefined)) return undefined;
      return `prerendered/${page.file}`;
    },
    variesByCookie: (address) => pages.get(address)?.forSignedIn === true,
  };
}
