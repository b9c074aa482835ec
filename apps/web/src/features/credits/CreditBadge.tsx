import { PlusOutlined } from "@ant-design/icons";
import { GET_MORE, RUN_OUT } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Progress } from "antd";
import { lazy, useId, useState } from "react";
import { Link } from "react-router";
import { creditStatusQuery } from "../../api/credits";
import { OpenedOnce } from "../../components/OpenedOnce";
import { creditFontSize, HOME_PATH } from "../../constants";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import "./credits.css";

const BuyCreditModal = lazy(async () => ({ default: (await import("./BuyCreditModal")).BuyCreditModal }));

/**
 * The credit remaining badge (account-area §2): only on Best Practice with a numeric limit. The
 * remaining number (smaller as it grows longer), 'Credit remaining', the used share as a bar and
 * 'Run out!' at 10 or fewer; it leads to the company page. Owners and managers get 'Get more'.
 */
export function CreditBadge() {
  const { team } = useCurrentTeam();
  return team ? <FirmCreditBadge teamId={team.id} /> : null;
}

function FirmCreditBadge({ teamId }: { teamId: number }) {
  const status = useQuery(creditStatusQuery(teamId));
  const [buying, setBuying] = useState(false);
  const noteId = useId();
  const credit = status.data;
  // Loading or failing, the header simply has no badge: the company page shows the error.
  if (!credit?.shown || credit.remaining === null) return null;
  const remaining = credit.remaining;
  const total = credit.total ?? 0;
  const usedPercent = total > 0 ? Math.round((credit.used / total) * 100) : 0;
  return (
    <div className={credit.low ? "credit-badge credit-badge--low" : "credit-badge"}>
      {/* The note says what credits cover; with the plan ended it says why they wait (and, to a
          buyer, why 'Get more' is gone), read with the link and given in full on the company page. */}
      <Link to={HOME_PATH} className="credit-badge__link" title={credit.note} aria-describedby={noteId}>
        <span className="credit-badge__number" style={{ fontSize: creditFontSize(remaining) }}>
          {remaining}
        </span>
        <span className="credit-badge__text">
          <span className="credit-badge__label">Credit remaining</span>
          <span className="credit-badge__meter">
            <Progress
              percent={usedPercent}
              size="small"
              showInfo={false}
              className="credit-badge__bar"
              aria-label={`${usedPercent}% of credit used`}
            />
            {!credit.spendable ? (
              <span className="credit-badge__hold">On hold</span>
            ) : (
              credit.low && <span className="credit-badge__low">{RUN_OUT}</span>
            )}
          </span>
        </span>
      </Link>
      <span id={noteId} className="visually-hidden">
        {credit.note}
        {credit.abilities.buy_refused && ` ${credit.abilities.buy_refused}`}
      </span>
      {credit.abilities.buy && (
        <>
          {/* With an icon, as every button the header mounts with the page (see SignOutButton in
              account/AccountLayout.tsx). */}
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined aria-hidden />}
            className="credit-badge__more"
            onClick={() => setBuying(true)}
          >
            {GET_MORE}
          </Button>
          <OpenedOnce open={buying}>
            <BuyCreditModal
              teamId={teamId}
              remaining={remaining}
              open={buying}
              onClose={() => setBuying(false)}
            />
          </OpenedOnce>
        </>
      )}
    </div>
  );
}
