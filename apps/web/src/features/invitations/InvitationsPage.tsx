import { Card, Flex, Result, Typography } from "antd";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import { InviteMemberButton } from "./InviteMemberButton";
import { PendingInvitations } from "./PendingInvitations";

/** /my-account/invitations: inviting people and the pending invitations (also on My Company's Team tab). */
export function InvitationsPage() {
  const { team } = useCurrentTeam();
  const mayInvite = team?.abilities.invite ?? false;
  return (
    <>
      <title>Invitations · Precedent</title>
      <header className="page-header">
        <Flex justify="space-between" align="center" wrap gap={12} style={{ width: "100%" }}>
          <div>
            <Typography.Title level={1} className="page-header__title">
              Invitations
            </Typography.Title>
            {team && <Typography.Text type="secondary">{team.name}</Typography.Text>}
          </div>
          {team && mayInvite && <InviteMemberButton teamId={team.id} />}
        </Flex>
      </header>
      <Card className="page-card">
        {team && mayInvite ? (
          <PendingInvitations teamId={team.id} />
        ) : (
          <Result
            status="info"
            title="Only owners and managers invite people"
            subTitle="Ask your firm's owner or a manager to invite a colleague."
          />
        )}
      </Card>
    </>
  );
}
