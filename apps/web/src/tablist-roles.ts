/**
 * Ant Design puts `role="tablist"` on a tab bar's whole navigation, which also holds the "more
 * tabs" button it adds when the tabs overflow (at 375 px). A tab list may hold only tabs, so
 * screen readers meet a button where they expect a tab (axe: aria-required-children, critical).
 * This moves the role to the inner list that holds only the tabs, for every tab bar on the page,
 * now and as pages render. React sets the attribute once at mount and leaves it after.
 */
const TAB_BAR = '.ant-tabs-nav[role="tablist"]';

function fixTabBars(root: ParentNode) {
  for (const nav of root.querySelectorAll(TAB_BAR)) {
    const list = nav.querySelector(".ant-tabs-nav-list");
    if (!list) continue;
    list.setAttribute("role", "tablist");
    const orientation = nav.getAttribute("aria-orientation");
    if (orientation) list.setAttribute("aria-orientation", orientation);
    nav.removeAttribute("role");
    nav.removeAttribute("aria-orientation");
  }
}

export function installTablistRoles(root: HTMLElement = document.body) {
  fixTabBars(root);
  new MutationObserver(() => fixTabBars(root)).observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["role"],
  });
}
