import { lazy, useState } from "react";
import { OpenedOnce } from "../../components/OpenedOnce";

const UpgradeModal = lazy(async () => ({ default: (await import("./UpgradeModal")).UpgradeModal }));

/** The 'Upgrade' link of the account menu: opens the upgrade modal (account-area §6: everyone). */
export function UpgradeLink({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Upgrade
      </button>
      <OpenedOnce open={open}>
        <UpgradeModal open={open} onClose={() => setOpen(false)} />
      </OpenedOnce>
    </>
  );
}
