import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Input, List, Popconfirm, Typography } from "antd";
import { useState } from "react";
import {
  cancelTemplateSchedule,
  publishTemplateVersion,
  scheduleTemplateVersion,
  templateVersionQuery,
} from "../../api/console-templates";
import { LoadError } from "../../components/LoadError";
import { StateTag } from "./StateTag";
import { TextDiffView } from "./TextDiffView";
import { fromSydneyInput, STATUS_LABELS, sydneyTime } from "./template-versions";

/** One uploaded version: its checks, page count, the questions it changed and its preview. */
export function TemplateVersionView({
  identifier,
  version,
  onBack,
}: {
  identifier: string;
  version: number;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const detail = useQuery(templateVersionQuery(identifier, version));
  const [when, setWhen] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "templates"] });
  const publish = useMutation({
    mutationFn: () => publishTemplateVersion(identifier, version),
    onSuccess: async () => {
      void message.success(`Version ${version} is published.`);
      await refresh();
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const schedule = useMutation({
    mutationFn: () => scheduleTemplateVersion(identifier, version, fromSydneyInput(when)),
    onSuccess: async (scheduled) => {
      void message.success(`Version ${version} will be published ${sydneyTime(scheduled.publish_at ?? "")}.`);
      await refresh();
    },
    onError: (error: Error) => void message.error(error.message),
  });
  const cancelSchedule = useMutation({
    mutationFn: () => cancelTemplateSchedule(identifier, version),
    onSuccess: async () => {
      void message.success(`Version ${version} will not be published at the scheduled time.`);
      await refresh();
    },
    onError: async (error: Error) => {
      void message.error(error.message);
      // Refused because it was published meanwhile: show it as it is now.
      await refresh();
    },
  });

  if (detail.isError)
    return (
      <LoadError
        title="The version could not be loaded"
        error={detail.error}
        onRetry={() => detail.refetch()}
      />
    );
  const v = detail.data;
  return (
    <section aria-labelledby="version-title">
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <Button onClick={onBack}>Back to versions</Button>
          <Typography.Title level={3} id="version-title" style={{ margin: 0, fontSize: 18 }}>
            Version {version}
          </Typography.Title>
          {v && <StateTag good={v.status === "published"}>{STATUS_LABELS[v.status]}</StateTag>}
        </Flex>
        {v && (
          <>
            <Typography.Text>What changed: {v.note}</Typography.Text>
            {v.publish_at && <Typography.Text>To be published {sydneyTime(v.publish_at)}</Typography.Text>}
            <Typography.Title level={4} style={{ fontSize: 16, margin: 0 }}>
              Checks {v.checks_passed ? "passed" : "failed"}
              {v.page_count !== null && ` · the sample answers make ${v.page_count} pages`}
            </Typography.Title>
            <List
              aria-label="Checks"
              size="small"
              bordered
              dataSource={v.checks}
              renderItem={(check) => (
                <List.Item>
                  <Flex vertical gap={4}>
                    <span>
                      <StateTag good={check.passed}>{check.passed ? "Passed" : "Failed"}</StateTag>{" "}
                      {check.name}
                    </span>
                    {check.details.map((detail) => (
                      <Typography.Text key={detail} type="danger">
                        {detail}
                      </Typography.Text>
                    ))}
                  </Flex>
                </List.Item>
              )}
            />
            {v.answer_sets.length > 0 && (
              <>
                <Typography.Title level={4} style={{ fontSize: 16, margin: 0 }}>
                  Edge-case answer sets: {v.answer_sets.filter((set) => set.passed).length} of{" "}
                  {v.answer_sets.length} passed
                </Typography.Title>
                <List
                  aria-label="Edge-case answer sets"
                  size="small"
                  bordered
                  dataSource={v.answer_sets}
                  renderItem={(set) => (
                    <List.Item>
                      <Flex vertical gap={4}>
                        <span>
                          <StateTag good={set.passed}>{set.passed ? "Passed" : "Failed"}</StateTag> {set.name}
                          {set.page_count !== null &&
                            ` · ${set.page_count} ${set.page_count === 1 ? "page" : "pages"}`}
                        </span>
                        {set.message && <Typography.Text type="danger">{set.message}</Typography.Text>}
                      </Flex>
                    </List.Item>
                  )}
                />
                {!v.checks_passed && v.answer_sets.some((set) => !set.passed) && (
                  <Typography.Text type="danger">
                    A failing answer set keeps this version from being published: correct the template or the
                    answers and upload again.
                  </Typography.Text>
                )}
              </>
            )}
            <Typography.Text>
              Questions added: {v.questions_added.join(", ") || "none"}. Questions removed:{" "}
              {v.questions_removed.join(", ") || "none"}.
            </Typography.Text>
            <Typography.Title level={4} style={{ fontSize: 16, margin: 0 }}>
              What changed, line by line
            </Typography.Title>
            <TextDiffView file="template.md" diff={v.body_diff} />
            <TextDiffView file="interview.yaml" diff={v.interview_diff} />
            <Flex gap={8} align="center" wrap>
              {v.abilities.publish && (
                <Button type="primary" onClick={() => publish.mutate()} loading={publish.isPending}>
                  Publish version {version}
                </Button>
              )}
              {v.abilities.cancel_schedule && (
                <Popconfirm
                  title={`Cancel the scheduled publication of version ${version}?`}
                  okText="Cancel the schedule"
                  cancelText="Keep it"
                  onConfirm={() => cancelSchedule.mutate()}
                >
                  <Button danger loading={cancelSchedule.isPending}>
                    Cancel schedule
                  </Button>
                </Popconfirm>
              )}
              {v.abilities.schedule && (
                <>
                  <label htmlFor="publish-at">Publish at (Sydney time)</label>
                  <Input
                    id="publish-at"
                    type="datetime-local"
                    value={when}
                    onChange={(e) => setWhen(e.target.value)}
                    style={{ width: 220 }}
                  />
                  <Button onClick={() => schedule.mutate()} disabled={!when} loading={schedule.isPending}>
                    Schedule
                  </Button>
                </>
              )}
            </Flex>
            {v.preview_html && (
              <iframe
                title={`Preview of version ${version} with the sample answers`}
                sandbox=""
                srcDoc={v.preview_html}
                className="console__template-preview"
              />
            )}
          </>
        )}
      </Flex>
    </section>
  );
}
