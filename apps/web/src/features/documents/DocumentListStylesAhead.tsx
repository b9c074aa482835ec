import {
  Breadcrumb,
  Card,
  Checkbox,
  Dropdown,
  Empty,
  FloatButton,
  Input,
  Progress,
  Result,
  Select,
  Space,
  Tag,
  Tooltip,
  Tree,
} from "antd";

/**
 * The antd components the document list and the account header show once the person's account
 * and documents have arrived, rendered at build time for their styles only (prerender.tsx): the
 * page built ahead carries them, and antd in the browser uses them rather than writing them while
 * the list first renders, the longest work of the page's start on a phone. A component missing
 * here costs that time and nothing else: antd writes its styles as before.
 */
export function DocumentListStylesAhead() {
  return (
    <>
      <Card size="small" />
      <Tree treeData={[{ key: "folder", title: "Folder" }]} />
      <Breadcrumb items={[{ title: "Folder" }]} />
      <Input />
      <Input.Search />
      <Select />
      <Checkbox />
      <Space />
      <Tag />
      <Tooltip title="Tip">
        <span />
      </Tooltip>
      <Dropdown menu={{ items: [] }}>
        <span />
      </Dropdown>
      <Progress percent={50} />
      <Empty />
      <Result />
      <FloatButton.Group>
        <FloatButton />
      </FloatButton.Group>
    </>
  );
}
