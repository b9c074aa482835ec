import { Button, type MenuProps, Tooltip } from "antd";
import type { ReactNode } from "react";

/** One practice-software action of the interview's top bar, in both the forms the bar shows it. */
export type TopBarAction = { button: ReactNode; menuItems: NonNullable<MenuProps["items"]> };

/** No action: the app is not connected, or the document has nothing for it. */
export const NO_TOP_BAR_ACTION: TopBarAction = { button: null, menuItems: [] };

/**
 * An icon button named by its label (shown in a tooltip) for the bar on wide screens, where at
 * 1366 px the bar has some 50 px to spare and a written label pushed Save and Assemble onto a second
 * line; and the same action as an entry of the bar's "More actions" menu on narrow screens.
 */
export function topBarAction(action: {
  key: string;
  label: string;
  icon: ReactNode;
  busy: boolean;
  run: () => void;
}): TopBarAction {
  return {
    button: (
      <Tooltip title={action.label} trigger={["hover", "focus"]}>
        <Button icon={action.icon} aria-label={action.label} loading={action.busy} onClick={action.run} />
      </Tooltip>
    ),
    menuItems: [
      { key: action.key, label: action.label, icon: action.icon, disabled: action.busy, onClick: action.run },
    ],
  };
}
