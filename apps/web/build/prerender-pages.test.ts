import { describe, expect, it } from "vitest";
import { inert, pageHtml } from "./prerender-pages";

// index.html as the build writes it (apps/web/index.html after Vite).
const INDEX = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <title>Precedent</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const PAGE = {
  html: '<main><title>Sign in · Precedent</title><form><input id="email" value=""/><button type="submit" class="ant-btn">Sign in</button></form></main>',
  styles: '.ant-btn{color:red}.x::after{content:"</style>"}',
};

describe("a page built ahead", () => {
  const html = pageHtml(INDEX, PAGE);

  it("carries the page's markup in the root element, and its title in the head", () => {
    expect(html).toContain('<div id="root"><main><form>');
    expect(html).toContain("<title>Sign in · Precedent</title>");
    expect(html).not.toContain("<title>Precedent</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("puts antd's style elements, and their record, in the head before the app's stylesheet", () => {
    const styles = html.indexOf(PAGE.styles);
    expect(styles).toBeGreaterThan(html.indexOf("</title>"));
    expect(styles).toBeLessThan(html.indexOf('rel="stylesheet"'));
  });

  it("asks for the app's code only after the first paint", () => {
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<script defer src="/after-paint.js" data-entry="/assets/index-abc.js"></script>');
    // The app's stylesheet is still asked for at once: the page is painted with it.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-jkl.css">');
  });

  it("cannot be typed into, pressed or submitted before the live page is in place", () => {
    expect(html).toContain('<input readonly="" id="email"');
    expect(html).toContain('<button aria-disabled="true" type="button" class="ant-btn">');
    expect(html).not.toContain('type="submit"');
  });

  it("refuses a template it cannot place the page in", () => {
    expect(() => pageHtml(INDEX.replace('<div id="root"></div>', "<div></div>"), PAGE)).toThrow(/root/);
    expect(() => pageHtml(INDEX.replace(/<script[^>]*><\/script>/, ""), PAGE)).toThrow(/entry script/);
    // A module preload would be fetched before the first paint, as the entry was.
    const preloading = INDEX.replace(
      "</head>",
      '<link rel="modulepreload" crossorigin href="/assets/react-def.js">\n  </head>',
    );
    expect(() => pageHtml(preloading, PAGE)).toThrow(/preloads modules/);
  });

  it("marks every button unavailable and leaves links as they are", () => {
    expect(inert('<a href="/x">x</a><button type="button">y</button>')).toBe(
      '<a href="/x">x</a><button aria-disabled="true" type="button">y</button>',
    );
  });
});
