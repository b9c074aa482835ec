import type { ServiceProvider, Setting } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Form, Input, Modal, Select, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { isApiError } from "../../api/client";
import { changeSetting, settingHistoryQuery, settingsQuery } from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { formatInstant } from "../../dates";
import { StateTag } from "./StateTag";

const WHEN = "D MMM YYYY, h:mm a";

/**
 * Settings (issue 37 item 4): each setting's value in force and the environment's default; an
 * administrator changes one with a reason (the server checks it as it checks the environment's
 * value), and anyone here reads its history. Secrets are not settings: they stay in the server's
 * environment, and only whether each is set shows here. The outside services' providers are
 * shown, not edited: each is chosen where its credentials are, in the environment.
 */
export function SettingsPanel() {
  const settings = useQuery(settingsQuery());
  const [editing, setEditing] = useState<Setting | null>(null);
  const [history, setHistory] = useState<Setting | null>(null);
  const mayEdit = settings.data?.abilities.edit ?? false;

  if (settings.isError)
    return (
      <LoadError
        title="The settings could not be loaded"
        error={settings.error}
        onRetry={() => settings.refetch()}
      />
    );

  const columns: ColumnsType<Setting> = [
    {
      title: "Setting",
      dataIndex: "label",
      render: (label: string, row) => (
        <Flex vertical>
          <Typography.Text strong>{label}</Typography.Text>
          <Typography.Text type="secondary">{row.description}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: "Value",
      dataIndex: "value",
      render: (value: string, row) => (
        <Flex vertical gap={4}>
          {value === "" ? (
            <Typography.Text type="secondary">(not set)</Typography.Text>
          ) : (
            <Typography.Text code className="console__setting-value">
              {value}
            </Typography.Text>
          )}
          <span>
            <StateTag good={!row.overridden}>{row.overridden ? "Changed here" : "Default"}</StateTag>
          </span>
        </Flex>
      ),
    },
    {
      title: "Last change",
      key: "changed",
      render: (_, row) =>
        row.updated_at
          ? `${formatInstant(row.updated_at, WHEN)} by ${row.updated_by ?? "a former staff member"}`
          : "—",
    },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => (
        <Flex gap={8} wrap>
          {mayEdit && (
            <Button onClick={() => setEditing(row)} aria-label={`Change ${row.label}`}>
              Change
            </Button>
          )}
          <Button onClick={() => setHistory(row)} aria-label={`History of ${row.label}`}>
            History
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {!mayEdit && (
        <Typography.Paragraph type="secondary">
          Only an administrator may change settings.
        </Typography.Paragraph>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Settings">
        <Table<Setting>
          rowKey="key"
          size="middle"
          loading={settings.isPending}
          columns={columns}
          dataSource={settings.data?.rows ?? []}
          style={{ minWidth: 860 }}
          pagination={false}
        />
      </section>
      {(settings.data?.secrets.length ?? 0) > 0 && (
        <section aria-labelledby="console-setting-secrets">
          <Typography.Title level={3} id="console-setting-secrets" style={{ fontSize: 16 }}>
            Secrets (kept in the server's environment, never here)
          </Typography.Title>
          <ul className="console__secrets">
            {settings.data?.secrets.map((secret) => (
              <li key={secret.environment_name}>
                {secret.label} (<Typography.Text code>{secret.environment_name}</Typography.Text>):{" "}
                <StateTag good={secret.set}>{secret.set ? "Set" : "Not set"}</StateTag>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(settings.data?.providers.length ?? 0) > 0 && (
        <section aria-labelledby="console-service-providers">
          <Typography.Title level={3} id="console-service-providers" style={{ fontSize: 16 }}>
            Outside services
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Which provider each service uses. They are chosen in the server's environment, with their
            credentials, and cannot be changed here.
          </Typography.Paragraph>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
          <section className="console__scroll" tabIndex={0} aria-label="Outside services">
            <Table<ServiceProvider>
              rowKey="service"
              size="small"
              columns={providerColumns}
              dataSource={settings.data?.providers ?? []}
              style={{ minWidth: 640 }}
              pagination={false}
            />
          </section>
        </section>
      )}
      {editing && <ChangeSettingDialog setting={editing} onClose={() => setEditing(null)} />}
      {history && <SettingHistoryDialog setting={history} onClose={() => setHistory(null)} />}
    </Flex>
  );
}

const providerColumns: ColumnsType<ServiceProvider> = [
  { title: "Service", dataIndex: "service" },
  { title: "Provider", dataIndex: "provider" },
  {
    title: "Chosen by",
    dataIndex: "configured_by",
    render: (names: string) => <Typography.Text code>{names}</Typography.Text>,
  },
];

type Values = { value: string; reason: string };

function ChangeSettingDialog({ setting, onClose }: { setting: Setting; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => changeSetting(setting.key, { ...values, version: setting.version }),
    onSuccess: (row) => {
      void message.success(`${row.label}: saved.`);
      void queryClient.invalidateQueries({ queryKey: ["console", "settings"] });
      onClose();
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(fields.map((e) => ({ name: e.field as keyof Values, errors: [e.message] })));
      else void message.error(error.message);
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: ["console", "settings"] });
    },
  });
  return (
    <Modal
      title={`Change ${setting.label}`}
      open
      onCancel={onClose}
      okText="Save setting"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {setting.description} Default:{" "}
        {setting.default_value === "" ? (
          "none"
        ) : (
          <Typography.Text code>{setting.default_value}</Typography.Text>
        )}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ value: setting.value, reason: "" }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label="Value" name="value">
          {setting.choices ? (
            <Select autoFocus options={setting.choices.map((choice) => ({ value: choice, label: choice }))} />
          ) : (
            <Input.TextArea rows={2} maxLength={2000} autoFocus />
          )}
        </Form.Item>
        <Form.Item label="Reason (kept in the setting's history)" name="reason">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SettingHistoryDialog({ setting, onClose }: { setting: Setting; onClose: () => void }) {
  const history = useQuery(settingHistoryQuery(setting.key));
  return (
    <Modal title={`History of ${setting.label}`} open onCancel={onClose} footer={null} destroyOnHidden>
      {history.isError ? (
        <LoadError
          title="The history could not be loaded"
          error={history.error}
          onRetry={() => history.refetch()}
        />
      ) : history.data?.rows.length === 0 ? (
        <Typography.Paragraph>Never changed here: the default stands.</Typography.Paragraph>
      ) : (
        <ol className="console__history" aria-label={`Changes of ${setting.label}`}>
          {history.data?.rows.map((change) => (
            <li key={change.id}>
              <Typography.Text strong>
                {formatInstant(change.at, WHEN)}, {change.staff_name}
              </Typography.Text>
              <div>
                <Typography.Text code>{change.before ?? "(default)"}</Typography.Text> →{" "}
                <Typography.Text code>{change.after}</Typography.Text>
              </div>
              <Typography.Text type="secondary">{change.reason}</Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
