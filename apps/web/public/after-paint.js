// The start of the app on a page built ahead (apps/web/build/prerender-pages.ts). The page's
// markup and styles are already in its HTML; its code is asked for only once the browser has
// painted them, so on a slow connection the first paint does not share the line with ~200 KB of
// script. `data-entry` names the app's entry module; the browser asks for its imports itself.
(() => {
  const entry = document.currentScript?.dataset.entry;
  if (!entry) return;
  // A frame, then a task: the callback runs after the frame that paints the page.
  requestAnimationFrame(() =>
    setTimeout(() => {
      const app = document.createElement("script");
      app.type = "module";
      app.crossOrigin = "";
      app.src = entry;
      document.head.append(app);
    }),
  );
})();
