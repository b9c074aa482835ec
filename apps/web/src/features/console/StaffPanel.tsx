import {
  AddStaffRequest,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffAccount,
  type StaffRole,
} from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Select, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { isApiError } from "../../api/client";
import { addStaff, changeStaff, staffQuery } from "../../api/console";
import { LoadError } from "../../components/LoadError";
import { formatDay } from "../../dates";
import { StateTag } from "./StateTag";

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** The staff accounts: add one, change a role, deactivate or reactivate, as the server allows. */
export function StaffPanel() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const staff = useQuery(staffQuery());
  const [adding, setAdding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console"] });
  const change = useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: StaffRole; active?: boolean }) =>
      changeStaff(id, body),
    onSuccess: (row) => {
      void message.success(
        `${row.name}: ${STAFF_ROLE_LABELS[row.role]}, ${row.active ? "active" : "deactivated"}.`,
      );
      void refresh();
    },
    onError: (error: Error) => void message.error(error.message),
  });

  const columns: ColumnsType<StaffAccount> = [
    { title: "Name", dataIndex: "name" },
    { title: "Email", dataIndex: "email" },
    {
      title: "Role",
      dataIndex: "role",
      render: (role: StaffRole, row) =>
        row.abilities.change_role ? (
          <Select
            aria-label={`Role of ${row.name}`}
            value={role}
            options={ROLE_OPTIONS}
            onChange={(next) => change.mutate({ id: row.id, role: next })}
            style={{ minWidth: 160 }}
          />
        ) : (
          STAFF_ROLE_LABELS[role]
        ),
    },
    {
      title: "State",
      key: "state",
      render: (_, row) => (
        <Flex gap={4} wrap>
          <StateTag good={row.active}>{row.active ? "Active" : "Deactivated"}</StateTag>
          {!row.two_factor_on && <StateTag good={false}>Two-factor not set up yet</StateTag>}
        </Flex>
      ),
    },
    { title: "Added", dataIndex: "created_at", render: (iso: string) => formatDay(iso) },
    {
      title: "Actions",
      key: "actions",
      render: (_, row) => (
        <Flex gap={6} wrap>
          {row.abilities.deactivate && (
            <Popconfirm
              title={`Deactivate ${row.name}? Their sessions end at once.`}
              okText="Deactivate"
              cancelText="Keep"
              onConfirm={() => change.mutate({ id: row.id, active: false })}
            >
              <Button size="small" danger>
                Deactivate {row.name}
              </Button>
            </Popconfirm>
          )}
          {row.abilities.reactivate && (
            <Button size="small" onClick={() => change.mutate({ id: row.id, active: true })}>
              Reactivate {row.name}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  if (staff.isError)
    return (
      <LoadError title="The staff could not be loaded" error={staff.error} onRetry={() => staff.refetch()} />
    );
  return (
    <Flex vertical gap={12}>
      <Flex>
        <Button type="primary" onClick={() => setAdding(true)}>
          Add staff
        </Button>
      </Flex>
      <Table<StaffAccount>
        rowKey="id"
        size="middle"
        loading={staff.isFetching}
        columns={columns}
        dataSource={staff.data?.rows ?? []}
        scroll={{ x: 900 }}
        pagination={false}
      />
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} onAdded={refresh} />
    </Flex>
  );
}

type NewStaff = { email: string; name: string; role: StaffRole; password: string };

function AddStaffDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NewStaff>();
  const add = useMutation({
    mutationFn: addStaff,
    onSuccess: (row) => {
      void message.success(`${row.name} was added. Two-factor set-up comes at their first sign-in.`);
      form.resetFields();
      onAdded();
      onClose();
    },
    onError: (error: Error) => {
      const fields = isApiError(error) ? error.fieldErrors : [];
      if (fields.length > 0)
        form.setFields(fields.map((e) => ({ name: e.field as keyof NewStaff, errors: [e.message] })));
      else void message.error(error.message);
    },
  });
  return (
    <Modal
      title="Add staff"
      open={open}
      onCancel={onClose}
      okText="Add"
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form<NewStaff>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: "support" }}
        onFinish={(values) => {
          const parsed = AddStaffRequest.safeParse(values);
          if (!parsed.success) {
            form.setFields(
              parsed.error.issues.map((i) => ({
                name: String(i.path[0]) as keyof NewStaff,
                errors: [i.message],
              })),
            );
            return;
          }
          add.mutate(parsed.data);
        }}
      >
        <Form.Item label="Name" name="name">
          <Input autoFocus />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role">
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        <Form.Item label="First password (at least 12 characters)" name="password">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
