import { useQuery } from "@tanstack/react-query";
import { Skeleton, Typography } from "antd";
import { useId } from "react";
import { assistantUsageQuery } from "../../api/assistant";
import { LoadError } from "../../components/LoadError";
import "./assistant-usage.css";

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-AU")} ${count === 1 ? one : many}`;

/**
 * The assistant's use, summed by the server from the activity log's rows (issue 32 item 8): on the
 * activity log for its period, and on My Company's Assistant tab for all time. The server decides
 * whose use it is (the firm's for its owner and managers, a member's own) and says which.
 */
export function AssistantUsageSummary({
  teamId,
  dateFrom,
  dateTo,
}: {
  teamId: number;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}) {
  const usage = useQuery(assistantUsageQuery(teamId, { dateFrom, dateTo }));
  const headingId = useId();
  let body: React.ReactNode;
  if (usage.isPending) body = <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  else if (usage.isError)
    body = (
      <LoadError
        title="Cannot get the assistant's usage"
        error={usage.error}
        onRetry={() => void usage.refetch()}
        retrying={usage.isFetching}
      />
    );
  else {
    const u = usage.data;
    body = (
      <ul className="assistant-usage__figures">
        <li>{plural(u.messages, "message", "messages")}</li>
        <li>{plural(u.voice_answers, "voice interview answer", "voice interview answers")}</li>
        <li>{plural(u.tokens, "model token", "model tokens")}</li>
        <li>{plural(u.audio_seconds, "audio second", "audio seconds")}</li>
        <li>{plural(u.realtime_sessions, "realtime voice session", "realtime voice sessions")}</li>
      </ul>
    );
  }
  const whose = usage.data?.scope === "own" ? "Your use of the assistant" : "The firm's use of the assistant";
  return (
    <section className="assistant-usage" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} className="assistant-usage__title">
        {whose}
        {dateFrom || dateTo ? " in this period" : ""}
      </Typography.Title>
      {body}
    </section>
  );
}
