import { type AccountingOrganisation, accountingOrganisationChanged } from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Modal, Select, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import {
  accountingOrganisationsQuery,
  connectedAppsQuery,
  isConnected,
  setAccountingOrganisation,
} from "./api";

/** Spec §9 Integrations: the accounting-organisation tooltip waits 1 s. */
const TOOLTIP_DELAY_S = 1;
const MY_INTEGRATIONS_PATH = "/my-account/my-integration";

/**
 * The header's accounting-organisation dropdown: shown while the person's Xero connection is
 * connected. Choosing another organisation asks first ('Change Organisation'), then sets the
 * tenant and refreshes everything read from the app (client lists, the connection cards).
 */
export function AccountingOrganisationSwitcher() {
  const { team } = useCurrentTeam();
  const teamId = team?.id ?? 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const connected = useQuery({ ...connectedAppsQuery(teamId), enabled: teamId > 0 });
  const xeroConnected = isConnected(connected.data, "xero");
  const organisations = useQuery({ ...accountingOrganisationsQuery(teamId), enabled: xeroConnected });
  const [chosen, setChosen] = useState<AccountingOrganisation | null>(null);
  const [changing, setChanging] = useState(false);

  const list = organisations.data ?? [];
  const current = list.find((o) => o.selected);
  if (!xeroConnected || !current) return null;

  async function change() {
    if (!chosen) return;
    setChanging(true);
    try {
      const reply = await setAccountingOrganisation(teamId, chosen.tenant_id);
      // The spec refetches only when the switch answers http_code 200.
      if (reply.http_code === 200) {
        await queryClient.invalidateQueries({ queryKey: ["integrations"] });
        message.success(accountingOrganisationChanged(reply.tenant_name));
      }
      setChosen(null);
    } catch (error) {
      message.error(error instanceof Error ? error.message : "Could not change the organisation.");
    } finally {
      setChanging(false);
    }
  }

  return (
    <>
      <Tooltip title="Accounting organisation (Xero)" mouseEnterDelay={TOOLTIP_DELAY_S}>
        <Select
          className="accounting-organisation"
          aria-label="Accounting organisation"
          size="small"
          variant="borderless"
          popupMatchSelectWidth={false}
          value={current.tenant_id}
          options={list.map((o) => ({ value: o.tenant_id, label: o.tenant_name }))}
          onChange={(tenantId) => {
            const next = list.find((o) => o.tenant_id === tenantId);
            if (next && !next.selected) setChosen(next);
          }}
        />
      </Tooltip>
      <Modal
        title="Change Organisation"
        open={chosen !== null}
        onCancel={() => setChosen(null)}
        footer={[
          <Button
            key="integrations"
            onClick={() => {
              setChosen(null);
              void navigate(MY_INTEGRATIONS_PATH);
            }}
          >
            Go to My Integrations
          </Button>,
          <Button key="change" type="primary" loading={changing} onClick={() => void change()}>
            Change Organisation
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          Imports and syncs will use <strong>{chosen?.tenant_name}</strong> instead of{" "}
          <strong>{current.tenant_name}</strong>. Client lists are reloaded from the new organisation.
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
