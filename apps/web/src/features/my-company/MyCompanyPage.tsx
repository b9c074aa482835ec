import { Card, Flex, Result, Tabs, Typography } from "antd";
import { useSearchParams } from "react-router";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { AssistantFirmSetting } from "../assistant/AssistantFirmSetting";
import { CreditActions } from "../credits/CreditActions";
import { CreditPaymentReturn } from "../credits/CreditPaymentReturn";
import { InviteMemberButton } from "../invitations/InviteMemberButton";
import { PendingInvitations } from "../invitations/PendingInvitations";
import { CompanyDetails } from "./CompanyDetails";
import { TeamMembers } from "./TeamMembers";

const TABS = ["company-details", "team", "assistant"] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => TABS.some((tab) => tab === value);

/** /my-account/my-company, view mode. The open tab lives in the address (?tab=team). */
export function MyCompanyPage() {
  const { team } = useCurrentTeam();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const activeTab: TabKey = isTab(tabParam) ? tabParam : "company-details";

  const openTab = (key: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === "company-details") next.delete("tab");
        else next.set("tab", key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <title>My Company · Precedent</title>
      <header className="page-header">
        <Typography.Title level={1} className="page-header__title">
          My Company
        </Typography.Title>
        {team && <Typography.Text type="secondary">{team.name}</Typography.Text>}
        {team && <CreditActions teamId={team.id} />}
      </header>
      <CreditPaymentReturn />
      {team ? (
        <Card className="page-card">
          <Tabs
            activeKey={activeTab}
            onChange={openTab}
            items={[
              {
                key: "company-details",
                label: "Company Details",
                children: <CompanyDetails teamId={team.id} />,
              },
              {
                key: "team",
                label: "Team",
                children: (
                  <Flex vertical gap={24}>
                    <Flex justify="end">
                      <InviteMemberButton teamId={team.id} />
                    </Flex>
                    <TeamMembers teamId={team.id} />
                    <PendingInvitations teamId={team.id} />
                  </Flex>
                ),
              },
              {
                key: "assistant",
                label: "Assistant",
                children: <AssistantFirmSetting teamId={team.id} />,
              },
            ]}
          />
        </Card>
      ) : (
        <Card className="page-card">
          <Result
            status="info"
            title="You are not part of a firm yet"
            subTitle="When a firm owner adds you to their team, its company details will appear here."
          />
        </Card>
      )}
    </>
  );
}
