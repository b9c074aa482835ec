import { NewTemplateRequest } from "@precedent/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, Flex, Form, Input, Typography } from "antd";
import { useState } from "react";
import { createTemplate } from "../../api/console-templates";
import { TemplateFilesField, useTemplateFiles } from "./TemplateFilesField";

type Entry = {
  identifier: string;
  name: string;
  short_description: string;
  description: string;
  note: string;
};
const EMPTY: Entry = { identifier: "", name: "", short_description: "", description: "", note: "" };

/**
 * A brand-new template (issue 37 item 2): its identifier, its catalogue entry and its files
 * become its version 1, checked by the server like any upload. Firms see it once it is published.
 */
export function NewTemplateForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (identifier: string, version: number) => void;
}) {
  const queryClient = useQueryClient();
  const chosen = useTemplateFiles();
  const [entry, setEntry] = useState<Entry>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const field = (key: keyof Entry) => ({
    id: `new-template-${key}`,
    value: entry[key],
    onChange: (e: { target: { value: string } }) => setEntry({ ...entry, [key]: e.target.value }),
  });

  const create = useMutation({
    mutationFn: () => {
      const body = NewTemplateRequest.safeParse({
        identifier: entry.identifier.trim(),
        ...(entry.note.trim() ? { note: entry.note } : {}),
        ...chosen.files,
        answer_sets: chosen.answerSets,
        catalogue: {
          name: entry.name,
          short_description: entry.short_description,
          description: entry.description,
        },
      });
      if (!body.success) throw new Error(body.error.issues[0]?.message ?? "Check the template's details");
      return createTemplate(body.data);
    },
    onSuccess: async (version) => {
      await queryClient.invalidateQueries({ queryKey: ["console", "templates"] });
      onCreated(version.identifier, version.version);
    },
    onError: (e: Error) => setError(e.message),
  });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <Button onClick={onCancel}>Back to templates</Button>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          New template
        </Typography.Title>
      </Flex>
      <section aria-labelledby="new-template-title" className="console__card">
        <Typography.Title level={3} id="new-template-title" style={{ fontSize: 16 }}>
          Upload a brand-new template
        </Typography.Title>
        <Typography.Paragraph>
          Give it an identifier no other template has (lowercase letters, digits and hyphens: documents keep
          it, and products name it to assemble the template), its catalogue name and descriptions, and its
          files: interview.yaml, template.md, sample-answers.json and PRECONDITIONS.md, with any edge-case
          answer sets as other .json files. It becomes version 1, checked like any upload. Firms do not see it
          until it is published; then a product can be made to sell it.
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={() => create.mutate()} requiredMark={false}>
          <Form.Item label="Identifier" htmlFor="new-template-identifier">
            <Input {...field("identifier")} maxLength={80} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item label="Name" htmlFor="new-template-name">
            <Input {...field("name")} maxLength={200} />
          </Form.Item>
          <Form.Item label="Short description" htmlFor="new-template-short_description">
            <Input.TextArea {...field("short_description")} rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item label="Description" htmlFor="new-template-description">
            <Input.TextArea {...field("description")} rows={3} maxLength={20_000} />
          </Form.Item>
          <TemplateFilesField id="new-template-files" chosen={chosen} />
          <Form.Item label="What it is for (optional)" htmlFor="new-template-note">
            <Input.TextArea {...field("note")} rows={2} maxLength={500} />
          </Form.Item>
          {error && (
            <Typography.Paragraph type="danger" role="alert">
              {error}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Upload and check
          </Button>
        </Form>
      </section>
    </Flex>
  );
}
