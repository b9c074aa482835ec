import type { TemplateSummary } from "@precedent/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Flex, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useSearchParams } from "react-router";
import { templateListQuery } from "../../api/console-templates";
import { LoadError } from "../../components/LoadError";
import { NewTemplateForm } from "./NewTemplateForm";
import { TemplateView } from "./TemplateView";

/**
 * Templates and their versions (issue 37 item 2): every template with its current and latest
 * version; open one to upload a version, see its checks, publish, schedule or roll back, or start
 * a brand-new one. The open template and version are kept in the address (`?template=&version=`,
 * `?new=template`).
 */
export function TemplatesPanel() {
  const [params, setParams] = useSearchParams();
  const open = params.get("template");
  const list = useQuery(templateListQuery());
  const show = (identifier: string | null) =>
    setParams({ tab: "templates", ...(identifier ? { template: identifier } : {}) });

  if (open) return <TemplateView identifier={open} onBack={() => show(null)} />;
  if (params.get("new") === "template")
    return (
      <NewTemplateForm
        onCancel={() => show(null)}
        onCreated={(identifier, version) =>
          setParams({ tab: "templates", template: identifier, version: String(version) })
        }
      />
    );
  if (list.isError)
    return (
      <LoadError
        title="The templates could not be loaded"
        error={list.error}
        onRetry={() => list.refetch()}
      />
    );

  const columns: ColumnsType<TemplateSummary> = [
    {
      title: "Template",
      dataIndex: "name",
      render: (name: string, row) => (
        <Button
          type="link"
          style={{ padding: 0, whiteSpace: "normal", textAlign: "left" }}
          onClick={() => show(row.identifier)}
        >
          {name}
        </Button>
      ),
    },
    { title: "Identifier", dataIndex: "identifier" },
    {
      title: "Current version",
      dataIndex: "current_version",
      render: (current: number | null) => current ?? "Not published",
    },
    { title: "Latest version", dataIndex: "latest_version" },
  ];
  return (
    <Flex vertical gap={16}>
      <div>
        <Button type="primary" onClick={() => setParams({ tab: "templates", new: "template" })}>
          New template
        </Button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className="console__scroll" tabIndex={0} aria-label="Templates">
        <Table<TemplateSummary>
          rowKey="identifier"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.rows ?? []}
          style={{ minWidth: 640 }}
          pagination={false}
        />
      </section>
    </Flex>
  );
}
