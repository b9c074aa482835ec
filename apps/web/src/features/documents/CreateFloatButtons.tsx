import { PlusOutlined } from "@ant-design/icons";
import { FloatButton } from "antd";
import { type ReactNode, useState } from "react";
import { MountLater } from "../../components/MountLater";

export type CreateItem = { key: string; label: string; icon: ReactNode };

/**
 * The create actions on a phone, floating at the screen's corner. Open, each button's label shows
 * beside it: an icon alone left the person guessing, and a phone has no hover to show a tooltip.
 */
export function CreateFloatButtons({
  items,
  onCreate,
}: {
  items: readonly CreateItem[];
  onCreate: (key: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <MountLater>
      <FloatButton.Group
        trigger="click"
        type="primary"
        icon={<PlusOutlined />}
        aria-label="Create New"
        open={open}
        onOpenChange={setOpen}
      >
        {items.map((item) => (
          <FloatButton
            key={item.key}
            icon={item.icon}
            tooltip={{ title: item.label, placement: "left", open, rootClassName: "create-float__label" }}
            aria-label={item.label}
            onClick={() => {
              setOpen(false);
              onCreate(item.key);
            }}
          />
        ))}
      </FloatButton.Group>
    </MountLater>
  );
}
