/**
 * Pages rendered at build time (the build's `prerender` step in vite.config.ts): the sign-in page's
 * HTML and the antd styles it uses, so a browser paints the page from the first reply, before any
 * script has arrived. The live page takes its place when its code has loaded (main.tsx,
 * prerendered-page.ts). Only pages that show the same to everyone can be built ahead: no data is
 * fetched here, and a page waiting for data would be built as its loading state.
 */
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
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

/** Renders the page at `path` (an address of the app, e.g. "/login") as the browser would first show it. */
export async function renderPage(path: string): Promise<BuiltPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  if (context.errors) throw new Error(`${path} failed to load: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <AppProviders queryClient={createQueryClient()} reducedMotion={false}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache) };
}
