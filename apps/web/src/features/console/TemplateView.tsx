import {
  CONSOLE_TEMPLATE_MESSAGES,
  type TemplateVersionSummary,
  UploadTemplateVersionRequest,
} from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Form, Input, Popconfirm, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  deleteTemplate,
  publishTemplateVersion,
  rollBackTemplate,
  templateDetailQuery,
  uploadTemplateVersion,
} from "../../api/console-templates";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { StateTag } from "./StateTag";
import { TemplateFilesField, useTemplateFiles } from "./TemplateFilesField";
import { TemplateVersionView } from "./TemplateVersionView";
import { STATUS_LABELS, sydneyTime } from "./template-versions";

export function TemplateView({ identifier, onBack }: { identifier: string; onBack: () => void }) {
  const [params, setParams] = useSearchParams();
  const openVersion = Number(params.get("version")) || null;
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const detail = useQuery(templateDetailQuery(identifier));
  const chosen = useTemplateFiles();
  const [note, setNote] = useState("");
  const [uploadError, setUploadError] = useState<string | null>(null);
  const showVersion = (version: number | null) =>
    setParams({ tab: "templates", template: identifier, ...(version ? { version: String(version) } : {}) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "templates"] });

  const upload = useMutation({
    mutationFn: () => {
      const body = UploadTemplateVersionRequest.safeParse({
        note,
        ...chosen.files,
        answer_sets: chosen.answerSets,
      });
      if (!body.success) throw new Error(body.error.issues[0]?.message ?? "Check the files");
      return uploadTemplateVersion(identifier, body.data);
    },
    onSuccess: async (version) => {
      setUploadError(null);
      chosen.clear();
      setNote("");
      await refresh();
      showVersion(version.version);
    },
    onError: (error: Error) => setUploadError(error.message),
  });
  const publish = useMutation({
    mutationFn: (version: number) => publishTemplateVersion(identifier, version),
    onSuccess: async (version) => {
      void message.success(`Version ${version.version} is published.`);
      await refresh();
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const rollBack = useMutation({
    mutationFn: () => rollBackTemplate(identifier),
    onSuccess: async (template) => {
      void message.success(`Rolled back: version ${template.current_version} is current.`);
      await refresh();
    },
    onError: (error: Error) => void message.error(error.message),
  });

  const remove = useMutation({
    mutationFn: () => deleteTemplate(identifier),
    onSuccess: async () => {
      void message.success(CONSOLE_TEMPLATE_MESSAGES.deleted(identifier));
      await refresh();
      onBack();
    },
    onError: (error: Error) => void message.error(error.message),
  });

  if (detail.isError)
    return (
      <LoadError
        title="The template could not be loaded"
        error={detail.error}
        onRetry={() => detail.refetch()}
      />
    );
  const template = detail.data;

  const columns: ColumnsType<TemplateVersionSummary> = [
    {
      title: "Version",
      dataIndex: "version",
      render: (version: number) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => showVersion(version)}>
          Version {version}
        </Button>
      ),
    },
    {
      title: "Status",
      dataIndex: "status",
      render: (status: TemplateVersionSummary["status"], row) => (
        <Flex vertical gap={2}>
          <StateTag good={status === "published"}>{STATUS_LABELS[status]}</StateTag>
          {row.publish_at && <Typography.Text>{sydneyTime(row.publish_at)}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: "Checks",
      dataIndex: "checks_passed",
      render: (passed: boolean) => <StateTag good={passed}>{passed ? "Passed" : "Failed"}</StateTag>,
    },
    { title: "What changed", dataIndex: "note" },
    {
      title: "Uploaded",
      key: "uploaded",
      render: (_, row) => `${row.uploaded_by}, ${formatInstant(row.uploaded_at, "D MMM YYYY h:mm a")}`,
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) =>
        row.abilities.publish && (
          <Button
            onClick={() => publish.mutate(row.version)}
            loading={publish.isPending && publish.variables === row.version}
          >
            Publish version {row.version}
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <Button onClick={onBack}>Back to templates</Button>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {template?.name ?? identifier}
        </Typography.Title>
      </Flex>
      {template && (
        <Flex gap={8} align="center" wrap>
          {template.current_version === null ? (
            <Typography.Text>
              Current version: <strong>none</strong> (a new template: firms see it once a version is
              published)
            </Typography.Text>
          ) : (
            <Typography.Text>
              Current version: <strong>{template.current_version}</strong>
              {template.current_version === 1 && template.starter && " (the starter library's)"}
            </Typography.Text>
          )}
          {template.abilities.roll_back && (
            <Popconfirm
              title="Roll back to the version published before this one?"
              okText="Roll back"
              onConfirm={() => rollBack.mutate()}
            >
              <Button loading={rollBack.isPending}>Roll back</Button>
            </Popconfirm>
          )}
          {template.abilities.delete && (
            <Popconfirm
              title="Delete this template and all its versions?"
              description="It was never published, so no firm has a document on it. Its identifier becomes free again."
              okText="Delete template"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate()}
            >
              <Button danger loading={remove.isPending}>
                Delete template
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}

      {openVersion ? (
        <TemplateVersionView identifier={identifier} version={openVersion} onBack={() => showVersion(null)} />
      ) : (
        <>
          {template?.abilities.upload && (
            <section aria-labelledby="upload-title" className="console__card">
              <Typography.Title level={3} id="upload-title" style={{ fontSize: 16 }}>
                Upload a new version
              </Typography.Title>
              <Typography.Paragraph>
                Choose the template's files: interview.yaml, template.md, sample-answers.json and
                PRECONDITIONS.md. Any other .json file is an edge-case answer set, named by its file name and
                checked like the sample answers. The server checks the version before it can be published. The
                catalogue entry stays version 1's.
              </Typography.Paragraph>
              <Form layout="vertical" onFinish={() => upload.mutate()} requiredMark={false}>
                <TemplateFilesField id="template-files" chosen={chosen} />
                <Form.Item label="What changed" htmlFor="template-note">
                  <Input.TextArea
                    id="template-note"
                    rows={2}
                    maxLength={500}
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                  />
                </Form.Item>
                {uploadError && (
                  <Typography.Paragraph type="danger" role="alert">
                    {uploadError}
                  </Typography.Paragraph>
                )}
                <Button type="primary" htmlType="submit" loading={upload.isPending}>
                  Upload and check
                </Button>
              </Form>
            </section>
          )}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
          <section className="console__scroll" tabIndex={0} aria-label="Versions">
            <Table<TemplateVersionSummary>
              rowKey="version"
              size="middle"
              loading={detail.isFetching}
              columns={columns}
              dataSource={template?.versions ?? []}
              style={{ minWidth: 860 }}
              pagination={false}
              locale={{
                emptyText: (
                  <span className="console__body-text">
                    No version uploaded yet: version 1 is the starter library's.
                  </span>
                ),
              }}
            />
          </section>
        </>
      )}
    </Flex>
  );
}
