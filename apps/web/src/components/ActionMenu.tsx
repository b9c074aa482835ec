import { Button, type ButtonProps, Dropdown, type MenuProps } from "antd";
import { useRef } from "react";
import { rememberOpener } from "./use-return-focus";

type ActionMenuProps = {
  items: NonNullable<MenuProps["items"]>;
  onAction: (key: string) => void;
  /** The button that opens the menu; give it an aria-label when it shows only an icon. */
  button: ButtonProps;
};

/**
 * A button with a menu of actions, usable from the keyboard: Enter or Space opens it on its first
 * item, the arrows walk it, Enter chooses, Esc closes it back onto the button. Every action menu of
 * the app is one of these, so they all behave alike.
 */
export function ActionMenu({ items, onAction, button }: ActionMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Dropdown
      trigger={["click"]}
      autoFocus
      // A fresh menu on every opening: a kept (hidden) menu remembers its last active item and
      // antd's focus-on-open runs before the kept popup is shown again, so a second opening of
      // the same menu did not take focus.
      destroyOnHidden
      // No closing animation: while a closing menu is still on the page it counts as the topmost
      // layer for Esc, so Esc in the dialog an item had just opened closed the (already hidden)
      // menu instead of the dialog, whenever the page was slow enough for the two to overlap.
      transitionName=""
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          // Enter chooses the item on keydown, and the dialog it opens takes focus at once; the
          // rest of that key press (its keypress and default action) then reached the dialog's
          // field and submitted its form, so most items closed straight away or did their work
          // unasked. The key press ends here.
          domEvent.preventDefault();
          domEvent.stopPropagation();
          // The dialog hands focus back to this button when it closes.
          rememberOpener(trigger.current);
          onAction(key);
        },
      }}
    >
      <Button ref={trigger} {...button} />
    </Dropdown>
  );
}
