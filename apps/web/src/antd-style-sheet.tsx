/**
 * antd's styles for the app's pages, written at build time into one CSS file with antd's record
 * of which style is which (build/prerender-pages.ts links it from index.html). antd in the browser
 * reads the record and writes no style the file holds: serialising and inserting its styles was
 * the largest part of the account pages' start-up work. A component left out here is not missed;
 * antd writes its styles at run time as before. Each is rendered once with the props it needs to
 * draw itself, open where it would otherwise draw nothing (Modal, Drawer).
 */
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import {
  Alert,
  AutoComplete,
  Avatar,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Layout,
  List,
  Modal,
  Progress,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Steps,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
  Upload,
} from "antd";
import { renderToString } from "react-dom/server";
import { AppProviders } from "./providers";
import { createQueryClient } from "./query-client";

function Components() {
  return (
    <Layout>
      <Layout.Header />
      <Layout.Content>
        <Alert title="Alert" />
        <AutoComplete />
        <Avatar>A</Avatar>
        <Breadcrumb items={[{ title: "Breadcrumb" }]} />
        <Button>Button</Button>
        <Card title="Card">Card</Card>
        <Checkbox />
        <Row>
          <Col span={12} />
        </Row>
        <DatePicker />
        <DatePicker.RangePicker />
        <Descriptions items={[{ key: 1, label: "Label", children: "Value" }]} />
        <Drawer open getContainer={false} title="Drawer" />
        <Dropdown menu={{ items: [{ key: 1, label: "Item" }] }}>
          <span>Dropdown</span>
        </Dropdown>
        <Empty />
        <Flex />
        <Form>
          <Form.Item label="Field">
            <Input />
          </Form.Item>
        </Form>
        <Input.Search />
        <Input.Password />
        <Input.TextArea />
        <InputNumber />
        <List dataSource={[1]} renderItem={() => <List.Item>Item</List.Item>} />
        <Modal open getContainer={false} title="Modal" />
        <Progress percent={5} />
        <Radio.Group options={["Option"]} />
        <Radio.Button value="option">Option</Radio.Button>
        <Result title="Result" />
        <Segmented options={["Option"]} />
        <Select />
        <Skeleton />
        <Space />
        <Spin />
        <Steps items={[{ title: "Step" }]} />
        <Table columns={[{ title: "Column", dataIndex: "value" }]} dataSource={[{ key: 1, value: 1 }]} />
        <Tabs items={[{ key: "tab", label: "Tab" }]} />
        <Tag>Tag</Tag>
        <Tooltip title="Tooltip">
          <span>Tooltip</span>
        </Tooltip>
        <Tree treeData={[{ key: "node", title: "Node" }]} />
        <TreeSelect />
        <Typography.Title>Title</Typography.Title>
        <Typography.Text>Text</Typography.Text>
        <Typography.Paragraph>Paragraph</Typography.Paragraph>
        <Typography.Link>Link</Typography.Link>
        <Upload />
      </Layout.Content>
    </Layout>
  );
}

/** The CSS, in the theme the app starts with for most people (not the reduced-motion one). */
export function antdStyleSheet(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <AppProviders queryClient={createQueryClient()} reducedMotion={false}>
        <Components />
      </AppProviders>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true });
}
