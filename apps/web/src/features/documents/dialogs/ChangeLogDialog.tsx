import type { ChangeLogEntry, ChangeLogTag, LogValue } from "@precedent/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button, Descriptions, Empty, Modal, Skeleton, Typography } from "antd";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import { changeLogQuery } from "../../../api/documents";
import { LoadError } from "../../../components/LoadError";
import { CHANGE_LOG_TIME_FORMAT, CHANGE_LOG_UTC_OFFSET_MINUTES } from "../../../constants";

dayjs.extend(utc);

const TAG_LABELS: Record<ChangeLogTag, string> = {
  created: "Created",
  name: "Name",
  folder: "Folder",
  shared_folders: "Shared folders",
  status: "Status",
  copied: "Copied from",
  deleted: "Deleted",
  answers: "Interview answers",
};

/** Account-area §2: change-log times at UTC+10. */
export const changeLogTime = (iso: string) =>
  dayjs(iso).utcOffset(CHANGE_LOG_UTC_OFFSET_MINUTES).format(CHANGE_LOG_TIME_FORMAT);

const show = (value: LogValue | undefined, empty: string) => {
  if (value === null || value === undefined) return empty;
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : "None";
  return String(value);
};

function Entry({ entry }: { entry: ChangeLogEntry }) {
  return (
    <li className="change-log__entry">
      <div className="change-log__head">
        <Typography.Text strong>{entry.users.display_name}</Typography.Text>
        <Typography.Text type="secondary">{changeLogTime(entry.created_at)}</Typography.Text>
      </div>
      <Descriptions
        size="small"
        column={1}
        items={entry.tags.map((tag) => {
          const change = entry.log_data[tag];
          return {
            key: tag,
            label: TAG_LABELS[tag],
            children: `${show(change?.from, "—")} → ${show(change?.to, tag === "folder" ? "Top level" : "—")}`,
          };
        })}
      />
    </li>
  );
}

/** 'Data Change Logs Record' of one document (account-area §2), newest first, with 'Load more'. */
export function ChangeLogDialog({
  teamId,
  docId,
  docName,
  onClose,
}: {
  teamId: number;
  docId: number;
  docName: string;
  onClose: () => void;
}) {
  const log = useInfiniteQuery(changeLogQuery(teamId, docId));
  const entries = log.data?.pages.flatMap((page) => page.rows) ?? [];

  let body: React.ReactNode;
  if (log.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (log.isError)
    body = (
      <LoadError
        title="Cannot get the change log"
        error={log.error}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  else if (entries.length === 0) body = <Empty description="No records found" />;
  else
    body = (
      <>
        <ul className="change-log">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
        {log.hasNextPage && (
          <Button block onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </>
    );

  return (
    <Modal open title="Data Change Logs Record" footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        Doc ID {docId} - {docName}
      </Typography.Paragraph>
      {body}
    </Modal>
  );
}
