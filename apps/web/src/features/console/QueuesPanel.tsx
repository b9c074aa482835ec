import type { ConsoleSession } from "@precedent/contracts";
import { Tabs } from "antd";
import { useSearchParams } from "react-router";
import { IntegrationsPanel } from "./IntegrationsPanel";
import { JobsPanel } from "./JobsPanel";
import { LodgementsPanel } from "./LodgementsPanel";
import { MailPanel } from "./MailPanel";

const queues = (me: ConsoleSession["staff"]) => [
  { key: "jobs", label: "Failed jobs", children: <JobsPanel /> },
  { key: "lodgements", label: "ASIC lodgements", children: <LodgementsPanel me={me} /> },
  { key: "mail", label: "Undelivered mail", children: <MailPanel /> },
  { key: "integrations", label: "Integrations failing", children: <IntegrationsPanel me={me} /> },
];

/** The queues that need a person (issue 37 item 7); the queue shown is kept in the address. */
export function QueuesPanel({ me }: { me: ConsoleSession["staff"] }) {
  const [params, setParams] = useSearchParams();
  const QUEUES = queues(me);
  const active = QUEUES.some((q) => q.key === params.get("queue")) ? params.get("queue") : "jobs";
  return (
    <Tabs
      type="card"
      size="small"
      activeKey={active ?? "jobs"}
      onChange={(queue) => setParams({ tab: "queues", queue }, { replace: true })}
      items={QUEUES}
    />
  );
}
