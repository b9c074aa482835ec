import DOMPurify from "dompurify";

/** Formatting the catalogue's editors use; nothing that runs code, loads a page or styles it. */
const FORBIDDEN_TAGS = [
  "style",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "iframe",
  "object",
  "embed",
];

// Every link a description carries opens in a new tab without giving that tab this window. Added
// on first use, not at load: the account area's frame is also rendered at build time, in Node,
// where DOMPurify has no window and no hooks.
let linksOpenInNewTab = false;
function openLinksInNewTab() {
  if (linksOpenInNewTab) return;
  linksOpenInNewTab = true;
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A") {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  });
}

/**
 * Catalogue descriptions, benefits and FAQ answers are HTML written by the catalogue's editors.
 * Only their HTML formatting is kept: DOMPurify with the HTML profile (no SVG or MathML, whose
 * links and animations a hand-made block list let through), no inline styles, and only web, mail
 * and in-site addresses in links and images.
 */
export function safeHtml(html: string): string {
  openLinksInNewTab();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ["style", "srcdoc"],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#)/i,
  });
}
