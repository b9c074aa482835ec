/**
 * The one script a host page includes (`<script type="module" src="/embed/widgets.js">`): it loads
 * the widgets' code only when the page has at least one slot, so a page without slots pays for
 * this file alone. The code comes as a dynamic import so that its styles are linked before it runs
 * (a build's entry file would leave its CSS unlinked on a host page).
 */
import { hostSlots } from "./slot-ids";

const present = hostSlots(document);
if (present.length > 0) {
  const { mountWidgets } = await import("./mount-widgets");
  mountWidgets(present);
}
