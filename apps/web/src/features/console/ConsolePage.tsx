import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Flex, Layout, Spin, Tabs, Typography } from "antd";
import { useSearchParams } from "react-router";
import { isApiError } from "../../api/client";
import { consoleSessionQuery, consoleSignOut } from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { AnnouncementsPanel } from "./AnnouncementsPanel";
import { AuditLogPanel } from "./AuditLogPanel";
import { CataloguePanel } from "./CataloguePanel";
import { ConsoleSignIn } from "./ConsoleSignIn";
import { FirmsPanel } from "./FirmsPanel";
import { FulfilmentQueuePanel } from "./FulfilmentQueuePanel";
import { MoneyPanel } from "./MoneyPanel";
import { QueuesPanel } from "./QueuesPanel";
import { SettingsPanel } from "./SettingsPanel";
import { StaffPanel } from "./StaffPanel";
import { TemplatesPanel } from "./TemplatesPanel";
import "./console.css";

/**
 * The operator console (issue 37): its own sign-in (password, then always an authenticator
 * code), then the areas the staff member's role allows, as the server's abilities say. The area
 * is kept in the address (`?tab=`).
 */
export function ConsolePage() {
  const queryClient = useQueryClient();
  const session = useQuery(consoleSessionQuery());
  const [params, setParams] = useSearchParams();

  const signedOut = session.isError && isApiError(session.error) && session.error.status === 401;
  if (session.isPending)
    return (
      <Flex justify="center" style={{ padding: 64 }} role="status" aria-label="Checking your console session">
        <Spin />
      </Flex>
    );
  if (session.isError && !signedOut)
    return (
      <LoadError
        title="The console could not be loaded"
        error={session.error}
        onRetry={() => session.refetch()}
      />
    );
  if (signedOut || !session.data || session.data.step !== null)
    return (
      <ConsoleSignIn
        step={session.data?.step ?? null}
        onChange={() => queryClient.invalidateQueries({ queryKey: ["console"] })}
      />
    );

  const { staff, abilities } = session.data;
  const areas = [
    abilities.fulfilment && {
      key: "requests",
      label: "Requests",
      children: <FulfilmentQueuePanel me={staff} />,
    },
    abilities.staff && { key: "staff", label: "Staff", children: <StaffPanel /> },
    abilities.audit && { key: "audit", label: "Audit log", children: <AuditLogPanel /> },
    abilities.queues && { key: "queues", label: "Queues", children: <QueuesPanel me={staff} /> },
    abilities.firms && { key: "firms", label: "Firms and people", children: <FirmsPanel /> },
    abilities.templates && { key: "templates", label: "Templates", children: <TemplatesPanel /> },
    abilities.settings && { key: "settings", label: "Settings", children: <SettingsPanel /> },
    abilities.announcements && {
      key: "announcements",
      label: "Announcements",
      children: <AnnouncementsPanel />,
    },
    abilities.catalogue && { key: "catalogue", label: "Catalogue", children: <CataloguePanel /> },
    abilities.money && { key: "money", label: "Money", children: <MoneyPanel /> },
  ].filter((area) => area !== false);
  const active = areas.some((a) => a.key === params.get("tab")) ? params.get("tab") : areas[0]?.key;

  const signOut = async () => {
    await consoleSignOut();
    queryClient.removeQueries({ queryKey: ["console"] });
    await session.refetch();
  };

  return (
    <Layout className="console">
      <title>Operator console · Precedent</title>
      <Layout.Header className="console__header">
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title level={1} className="console__title">
            Operator console
          </Typography.Title>
          <Flex align="center" gap={8} wrap>
            <span>
              {staff.name} ({staff.email})
            </span>
            <Button onClick={() => void signOut()}>Sign out</Button>
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content className="console__content">
        {areas.length === 0 ? (
          <Typography.Paragraph>
            Your role has no area of the console yet. Its areas are added as they are built.
          </Typography.Paragraph>
        ) : (
          <Tabs
            activeKey={active ?? undefined}
            onChange={(tab) => setParams({ tab }, { replace: true })}
            items={areas}
          />
        )}
      </Layout.Content>
    </Layout>
  );
}
