import { ASSISTANT_OFF_FOR_EVERYONE } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Flex, Skeleton, Switch, Typography } from "antd";
import { useId } from "react";
import { assistantSettingsQuery, updateAssistantSettings } from "../../api/assistant";
import { LoadError } from "../../components/LoadError";
import { AssistantUsageSummary } from "../logs/AssistantUsageSummary";

const PROVIDER_TEXT = {
  "built-in":
    "The built-in assistant answers: it works offline and nothing you type is sent outside Precedent.",
  "openai-compatible":
    "An AI model configured for Precedent answers; your messages and the interview's questions are sent to it. If it does not answer, the built-in assistant does.",
} as const;

/**
 * My Company's Assistant tab: whether the firm has the assistant on, and which provider answers.
 * The owner or a manager may turn it off for everyone in the firm; the server enforces who may.
 */
export function AssistantFirmSetting({ teamId }: { teamId: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery(assistantSettingsQuery(teamId));
  const labelId = useId();
  const turn = useMutation({
    mutationFn: (enabled: boolean) => updateAssistantSettings(teamId, enabled),
    onSuccess: (saved) => {
      // The launcher in the account shell reads the same query: it appears or goes at once.
      queryClient.setQueryData(assistantSettingsQuery(teamId).queryKey, saved);
      message.success(
        saved.enabled ? "The assistant is on for the firm." : "The assistant is off for the firm.",
      );
    },
    onError: (error) => {
      message.error(error.message || "The setting was not changed. Please try again.");
    },
  });

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (settings.isError)
    return (
      <LoadError
        title="The assistant setting did not load"
        error={settings.error}
        onRetry={() => settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  const { enabled, available, provider, can_change } = settings.data;
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12}>
        <Switch
          aria-labelledby={labelId}
          checked={enabled}
          disabled={!can_change}
          loading={turn.isPending}
          onChange={(checked) => turn.mutate(checked)}
        />
        <Typography.Text id={labelId} strong>
          Assistant for everyone in the firm
        </Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {PROVIDER_TEXT[provider]}
      </Typography.Paragraph>
      {!available && <Alert type="warning" showIcon message={ASSISTANT_OFF_FOR_EVERYONE} />}
      {!can_change && (
        <Alert
          type="info"
          showIcon
          message="Only the firm's owner or a manager can turn the assistant on or off."
        />
      )}
      <AssistantUsageSummary teamId={teamId} />
    </Flex>
  );
}
