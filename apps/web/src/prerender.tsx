/**
 * Pages rendered at build time (the build's `prerender` step in vite.config.ts): a page's HTML and
 * the antd styles it uses, so a browser paints the page from the first reply, before any script
 * has arrived. The live page takes its place when its code has loaded (main.tsx,
 * prerendered-page.ts). No data is fetched here: a page waiting for data is built as its loading
 * state, so only that state, the same for everyone, is built ahead (the sign-in page; the account
 * area's frame with the document list's heading).
 */
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { DocumentListStylesAhead } from "./features/documents/DocumentListStylesAhead";
import { buildForSignedIn } from "./features/session/logged-in-marker";
import { AppProviders } from "./providers";
import { createQueryClient } from "./query-client";
import { routes } from "./routes";

export type BuiltPage = {
  /** The page's markup, for the app's root element. */
  html: string;
  /**
   * antd's <style> elements for the components on the page, as antd writes them at run time, and
   * the record of which is which: antd in the browser finds them there and uses them rather than
   * writing its own (see the build's prerender-pages.ts).
   */
  styles: string;
};

/**
 * Components whose antd styles a page built ahead also carries, for what its live copy shows once
 * its data has arrived (their markup is not kept). The built page is larger by their styles
 * (the document list: 90 KB to 294 KB, 11 to 26 KB brotli); the live page then writes 3 style
 * elements of its own, not 68.
 */
const STYLES_AHEAD: Record<string, () => ReactNode> = {
  "/my-account/my-document": DocumentListStylesAhead,
};

/**
 * Renders the page at `path` (an address of the app, e.g. "/login") as the browser would first
 * show it: with the logged-in marker when `signedIn` (the server sends the page only then).
 */
export async function renderPage(path: string, { signedIn }: { signedIn: boolean }): Promise<BuiltPage> {
  buildForSignedIn(signedIn);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  if (context.errors) {
    const [error] = Object.values(context.errors);
    throw new Error(`${path} failed to load`, { cause: error });
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache();
  // As the browser renders it, its antd styles collected in `cache`.
  const render = (node: ReactNode) =>
    renderToString(
      <StyleProvider cache={cache}>
        <AppProviders queryClient={createQueryClient()} reducedMotion={false}>
          {node}
        </AppProviders>
      </StyleProvider>,
    );
  const html = render(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  const StylesAhead = STYLES_AHEAD[path];
  if (StylesAhead) render(<StylesAhead />);
  return { html, styles: extractStyle(cache) };
}
