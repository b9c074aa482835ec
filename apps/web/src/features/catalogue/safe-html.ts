const DROPPED_ELEMENTS = "script, style, iframe, object, embed, link, meta, form, input, button";

/**
 * Catalogue descriptions, benefits and FAQ answers are HTML written by the catalogue's editors.
 * Only their formatting is kept: anything that could run code or load another page is removed.
 */
export function safeHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const element of document.body.querySelectorAll(DROPPED_ELEMENTS)) element.remove();
  for (const element of document.body.querySelectorAll("*")) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      const scriptUrl = (name === "href" || name === "src") && !/^(https?:|mailto:|\/|#)/.test(value);
      if (name.startsWith("on") || name === "style" || name === "srcdoc" || scriptUrl) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === "A") {
      element.setAttribute("target", "_blank");
      element.setAttribute("rel", "noopener noreferrer");
    }
  }
  return document.body.innerHTML;
}
