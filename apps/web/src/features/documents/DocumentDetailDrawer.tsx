import type { DocumentDetail, ListSection } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Drawer, Grid, Skeleton } from "antd";
import dayjs from "dayjs";
import { documentQuery } from "../../api/documents";
import { LoadError } from "../../components/LoadError";
import { DATE_FORMAT } from "../../constants";
import { DocumentVersions } from "./DocumentVersions";
import { StatusIcon } from "./StatusIcon";

/** How a document's interview is opened from the list (documents spec §6). */
export type LaunchAction = "start" | "relaunch-interview" | "relaunch-completed";

/** Start Document (draft), Relaunch Document (in progress) or Relaunch (completed: status 5 → 2). */
function launchActionOf(document: DocumentDetail): { action: LaunchAction; label: string } | undefined {
  if (document.abilities.interview)
    return document.status === 1
      ? { action: "start", label: "Start Document" }
      : { action: "relaunch-interview", label: "Relaunch Document" };
  // The server lets whoever may rename a completed document relaunch it.
  if (document.status === 5 && document.abilities.rename)
    return { action: "relaunch-completed", label: "Relaunch" };
  return undefined;
}

/** The document named by `docId` in the address: its fields (documents spec §3). */
export function DocumentDetailDrawer({
  teamId,
  docId,
  section,
  onClose,
  onLaunch,
}: {
  teamId: number;
  docId: number;
  section: ListSection;
  onClose: () => void;
  onLaunch?: (document: DocumentDetail, action: LaunchAction) => void;
}) {
  const screens = Grid.useBreakpoint();
  const document = useQuery(documentQuery(teamId, docId, section));
  const data = document.data;
  const launch = data && onLaunch ? launchActionOf(data) : undefined;

  return (
    <Drawer
      open
      onClose={onClose}
      size={screens.md ? 480 : "100%"}
      title={data ? `Doc ID ${data.id} - ${data.name}` : `Doc ID ${docId}`}
      destroyOnHidden
      extra={
        launch &&
        data && (
          <Button type="primary" onClick={() => onLaunch?.(data, launch.action)}>
            {launch.label}
          </Button>
        )
      }
    >
      {document.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : document.isError ? (
        <LoadError
          title="Cannot get the document"
          error={document.error}
          onRetry={() => void document.refetch()}
          retrying={document.isFetching}
        />
      ) : (
        data && (
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: "name", label: "Name", children: data.name },
              {
                key: "status",
                label: "Status",
                children: (
                  <span className="status-cell">
                    <StatusIcon status={data.status} /> {data.status_name}
                  </span>
                ),
              },
              { key: "type", label: "Type", children: data.type },
              { key: "template", label: "Template", children: data.template?.name ?? "None yet" },
              { key: "folder", label: "Folder", children: data.folder?.name ?? "My Documents (top level)" },
              {
                key: "shared",
                label: "Shared folders",
                children:
                  data.shared_folders.length > 0 ? data.shared_folders.map((f) => f.name).join(", ") : "None",
              },
              { key: "created-by", label: "Created by", children: data.created_by_user.display_name },
              { key: "created", label: "Created", children: dayjs(data.created_at).format(DATE_FORMAT) },
              { key: "updated-by", label: "Updated by", children: data.updated_by_user.display_name },
              { key: "updated", label: "Updated", children: dayjs(data.updated_at).format(DATE_FORMAT) },
            ]}
          />
        )
      )}
      {data && <DocumentVersions teamId={teamId} docId={data.id} />}
    </Drawer>
  );
}
