// The start of the app on a page built ahead (apps/web/build/prerender-pages.ts). The page's
// markup and styles are already in its HTML; its code is asked for only once the browser has
// painted them, so on a slow connection the first paint does not share the line with ~200 KB of
// script. `data-entry` names the app's entry module, `data-preload` the modules it imports.
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const preload = (script.dataset.preload ?? "").split(" ").filter(Boolean);
  // A frame, then a task: the callback runs after the frame that paints the page.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of preload) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.append(link);
      }
      const app = document.createElement("script");
      app.type = "module";
      app.crossOrigin = "";
      app.src = entry;
      document.head.append(app);
    }),
  );
})();
